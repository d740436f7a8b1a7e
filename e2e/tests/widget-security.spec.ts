import type { Page } from '@playwright/test';
import { createReadyBot, expect, messageBox, setBotName, sharedBot, test } from '../support/bots.ts';

/** A reply as a careless answer model might write it, before any cleaning. */
const HOSTILE_REPLY = [
  'Here you go <script>window.__pwned = "reply"</script> and <img src=x onerror="window.__pwned=\'reply-img\'">.',
  '',
  "[Click me](javascript:window.__pwned='reply-link') or [this one](JaVaScRiPt:alert(1)) or [data](data:text/html,<script>alert(1)</script>).",
  '',
  '<a href="javascript:window.__pwned=\'raw-anchor\'">raw anchor</a> <iframe src="javascript:alert(1)"></iframe>',
  '',
  'A [safe link](https://example.com/safe) and [mail](mailto:care@example.com).',
].join('\n');

/**
 * Markup never runs (Done when): <script>, javascript: links, onerror attributes and raw HTML in a
 * bot's document, its name, its welcome or a reply are shown as text or dropped, and links stay inert.
 */
const HOSTILE_DOCUMENT = `# Opening hours <script>window.__pwned = 'heading'</script>
We are open every day from 8am to 8pm. <img src=x onerror="window.__pwned='img'"> Read [the timetable](javascript:window.__pwned='link') or <a href="javascript:window.__pwned='anchor'">this page</a>.
<b onmouseover="window.__pwned='hover'">Hover here</b> <iframe src="javascript:window.__pwned='frame'"></iframe> <svg onload="window.__pwned='svg'"></svg>

# Prices
A visit costs $25. <script>window.__pwned = 'prices'</script>`;

const HOSTILE_NAME = `<img src=x onerror="window.__pwned='name'">Evil<script>window.__pwned='name2'</script>`;
const HOSTILE_WELCOME = `Hi <img src=x onerror="window.__pwned='welcome'"> see [docs](javascript:window.__pwned='welcome-link')`;

const pwned = (page: Page) => page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned);

test.describe('hostile content', () => {
  test('in a document, a bot name, a welcome and a reply never executes', async ({ page }) => {
    const bot = await sharedBot('hostile', () =>
      createReadyBot({ name: 'Hostile Bot', document: HOSTILE_DOCUMENT, welcome: HOSTILE_WELCOME }),
    );
    await setBotName(bot.botId, HOSTILE_NAME);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });

    for (const path of [`/embed/${bot.shareId}?isAlways=false`, `/public-chat/${bot.botId}`]) {
      await page.goto(path);
      // The name is text, as written.
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(HOSTILE_NAME);
      await expect(messageBox(page)).toBeEnabled();
      await messageBox(page).fill('When are you open?');
      await messageBox(page).press('Enter');
      const log = page.getByRole('log', { name: 'Messages' });
      await expect(log.getByText(/open every day/)).toBeVisible({ timeout: 15_000 });
      await page.waitForTimeout(500);

      // Nothing ran, and nothing that could run is in the page.
      expect(await pwned(page)).toBeUndefined();
      const chat = page.locator('#root');
      await expect(chat.locator('script, iframe, object, embed')).toHaveCount(0);
      await expect(chat.locator('img:not([src^="/api/bot-avatar/"])')).toHaveCount(0);
      await expect(chat.locator('[onerror], [onload], [onmouseover], [onclick]')).toHaveCount(0);
      await expect(chat.locator('a[href^="javascript:" i]')).toHaveCount(0);

      // The javascript: links are plain text; hovering the "markup" does nothing.
      await expect(log.getByRole('link', { name: 'docs' })).toHaveCount(0);
      const hover = log.getByText('Hover here').first();
      if (await hover.isVisible()) await hover.hover();
      const inert = log.getByText('docs').first();
      await inert.click();
      await expect(page).toHaveURL(new RegExp(path.replace(/[?]/g, '\\?')));
      expect(await pwned(page)).toBeUndefined();
    }
    expect(dialogs).toEqual([]);
  });

  test('a reply straight from the network, uncleaned, renders inert', async ({ page, clinic }) => {
    await page.route('**/api/chat', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ reply: HOSTILE_REPLY, messagesLeft: 14, sources: [] }),
      }),
    );
    await page.goto(`/embed/${clinic.shareId}?isAlways=false`);
    await messageBox(page).fill('Anything?');
    await messageBox(page).press('Enter');
    const log = page.getByRole('log', { name: 'Messages' });
    await expect(log.getByText(/Here you go/)).toBeVisible();
    await page.waitForTimeout(300);
    expect(await pwned(page)).toBeUndefined();
    const chat = page.locator('#root');
    await expect(chat.locator('script, iframe, img')).toHaveCount(0);
    await expect(chat.locator('[onerror]')).toHaveCount(0);
    // Links with other schemes keep only their text; the allowed ones open in a new tab.
    for (const name of ['Click me', 'this one', 'data', 'raw anchor']) {
      await expect(log.getByRole('link', { name })).toHaveCount(0);
    }
    await log.getByText('Click me').click();
    expect(await pwned(page)).toBeUndefined();
    await expect(log.getByRole('link', { name: 'safe link' })).toHaveAttribute('target', '_blank');
    await expect(log.getByRole('link', { name: 'mail' })).toHaveAttribute('href', 'mailto:care@example.com');
  });
});
