import type { Locator, Page } from '@playwright/test';
import { SUGGESTED_QUESTIONS_MSG as M } from '@vuxo/shared';
import { expectAccessible } from '../support/axe.ts';
import { CLINIC_HANDBOOK, createReadyBot, expect, test } from '../support/bots.ts';
import { openDashboard } from '../support/dashboard.ts';

/** 80 characters, the longest a question may be: on a phone its chip shows it whole, on three lines at most. */
const LONG = 'Can I bring my child to my own appointment if no one else can look after them?!!';

const strip = (page: Page) => page.getByRole('group', { name: 'Suggested questions' });

/** Every chip, scrolled to, lies whole inside the strip and shows its whole question (decision 107). */
async function expectEachChipWhole(page: Page, questions: string[]) {
  const box = (await strip(page).boundingBox())!;
  for (const question of questions) {
    const chip: Locator = strip(page).getByRole('button', { name: question, exact: true });
    await chip.scrollIntoViewIfNeeded();
    const shown = (await chip.boundingBox())!;
    expect(shown.x, question).toBeGreaterThanOrEqual(box.x - 0.5);
    expect(shown.x + shown.width, question).toBeLessThanOrEqual(box.x + box.width + 0.5);
    // Not cut by a line clamp: the text needs no more room than it has.
    const cut = await chip.evaluate((el) => {
      const text = el.firstElementChild as HTMLElement;
      return text.scrollHeight > text.clientHeight + 1 || text.scrollWidth > text.clientWidth + 1;
    });
    expect(cut, question).toBe(false);
  }
}

test.describe('the owner’s suggested questions reach the widget', () => {
  for (const [device, use] of [
    ['a desktop', { viewport: { width: 1280, height: 800 } }],
    ['a phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
  ] as const) {
    test.describe(`on ${device}`, () => {
      test.use(use);

      test('the owner edits, reorders by keyboard, removes and adds them; visitors see that list, each chip whole', async ({
        page,
        browser,
      }) => {
        test.slow();
        const bot = await createReadyBot({
          name: 'Harbour Chips',
          document: CLINIC_HANDBOOK,
          welcome: 'Hi! Ask me anything.',
        });
        await openDashboard(page, bot.account);
        await page.goto(`/dashboard/bots/${bot.botId}#knowledge`);
        const panel = page.getByRole('region', { name: M.title });
        await expect(panel.getByText(M.fromDocument, { exact: true })).toBeVisible();
        const rows = panel.getByRole('textbox', { name: /^Suggested question \d+$/ });
        await expect(rows.first()).toBeVisible();
        const fromDocument = await rows.evaluateAll((inputs) =>
          inputs.map((i) => (i as HTMLInputElement).value),
        );
        // The build kept only questions the bot answers sure, each a visitor's question.
        expect(fromDocument.length).toBeGreaterThanOrEqual(2);
        expect(fromDocument).toContain('Is parking available?');
        for (const question of fromDocument) expect(question).toMatch(/^[A-Z][^?]*\?$/);

        // The second question, reworded, moves to the top by keyboard; the keyboard stays on it.
        await rows.nth(1).fill('Where can I park?');
        await panel.getByRole('button', { name: M.moveUp('Where can I park?') }).focus();
        await page.keyboard.press('Enter');
        await expect(rows.first()).toHaveValue('Where can I park?');
        await expect(panel.getByRole('button', { name: M.moveDown('Where can I park?') })).toBeFocused();
        // The last one goes, by keyboard too.
        const last = fromDocument.at(-1)!;
        await panel.getByRole('button', { name: M.remove(last) }).focus();
        await page.keyboard.press('Enter');
        await expect(panel.getByRole('button', { name: M.remove(last) })).toHaveCount(0);

        const add = panel.getByRole('textbox', { name: M.add });
        await add.fill(LONG);
        await add.press('Enter');
        await add.fill('where can I PARK');
        await add.press('Enter');
        await expect(panel.getByRole('alert')).toHaveText(M.duplicate('where can I PARK'));
        await add.fill('');
        await panel.getByRole('button', { name: M.save }).click();
        await expect(panel.getByRole('status')).toHaveText(M.saved);
        await expect(panel.getByText(M.yours, { exact: true })).toBeVisible();
        const mine = await rows.evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
        expect(mine[0]).toBe('Where can I park?');
        expect(mine.at(-1)).toBe(LONG);
        expect(mine).not.toContain(last);
        await expectAccessible(page, `the suggested questions on ${device}`, panel);

        // A visitor sees the owner's list, each question once, each chip whole when scrolled to.
        const visitor = await browser.newContext({ ...use });
        const widget = await visitor.newPage();
        await widget.goto(`/embed/${bot.shareId}?isAlways=false`);
        await expect(strip(widget)).toBeVisible();
        await expect(strip(widget).getByRole('button')).toHaveText(mine);
        await expectEachChipWhole(widget, mine);
        await visitor.close();
      });
    });
  }
});
