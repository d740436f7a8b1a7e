import { MESSAGES_PER_DAY, WIDGET_MSG } from '@vuxo/shared';
import { expectAccessible } from '../support/axe.ts';
import { expect, messageBox, test } from '../support/bots.ts';
import { apiUser, missedDownVotes } from '../support/dashboard.ts';

/** /public-chat/:botId: the full-page chat, with the widget's rules and limit. */
test.describe('/public-chat/:botId', () => {
  test('shows the bot, welcomes, suggests, answers and counts', async ({ page, clinic }) => {
    await page.goto(`/public-chat/${clinic.botId}`);
    await expect(page.getByRole('heading', { level: 1, name: clinic.botName })).toBeVisible();
    await expect(page).toHaveTitle(`Chat with ${clinic.botName} · Vuxo`);
    // No site chrome on this page.
    await expect(page.getByRole('link', { name: 'Create My Bot' })).toHaveCount(0);
    const log = page.getByRole('log', { name: 'Messages' });
    await expect(log.locator('strong', { hasText: 'Harbour Clinic' })).toBeVisible();
    const chips = page.getByRole('group', { name: 'Suggested questions' }).getByRole('button');
    await expect(chips.first()).toBeVisible();
    await expect(page.getByText(`Messages left: ${MESSAGES_PER_DAY}/${MESSAGES_PER_DAY}`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Powered by Vuxo' }).last()).toHaveAttribute('href', /\/$/);
    await expectAccessible(page, 'public chat');

    await messageBox(page).fill('How much is a consultation?');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(log.getByText('A standard consultation costs $40.')).toBeVisible();
    await expect(log.locator('em', { hasText: 'Source: Prices' })).toBeVisible();
    await expect(page.getByText(`Messages left: 14/${MESSAGES_PER_DAY}`)).toBeVisible();
    await expect(messageBox(page)).toHaveAttribute('placeholder', WIDGET_MSG.placeholder);
  });

  test('works on a phone', async ({ page, clinic }) => {
    await page.setViewportSize({ width: 375, height: 700 });
    await page.goto(`/public-chat/${clinic.botId}`);
    await expect(messageBox(page)).toBeEnabled();
    const box = (await messageBox(page).boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(700);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  test('an unknown bot: the defaults and the load error', async ({ page }) => {
    await page.goto('/public-chat/bot_does_not_exist');
    await expect(page.getByRole('heading', { level: 1, name: WIDGET_MSG.defaultName })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText(
      'Failed to load bot details: This bot does not exist',
    );
    await expect(messageBox(page)).toBeDisabled();
  });

  test("a visitor's thumbs down counts once and reaches the owner's missed questions", async ({
    page,
    clinic,
  }) => {
    await page.goto(`/public-chat/${clinic.botId}`);
    await messageBox(page).fill('Is there free parking?');
    await page.getByRole('button', { name: 'Send message' }).click();
    const log = page.getByRole('log', { name: 'Messages' });
    await expect(log.getByText('Free parking is available behind the clinic')).toBeVisible();
    const rating = log.getByRole('group', { name: WIDGET_MSG.rateAnswer });
    // The welcome message is not an answer: only the reply can be rated.
    await expect(rating).toHaveCount(1);
    await expectAccessible(page, 'an answer with its rating');
    await rating.getByRole('button', { name: WIDGET_MSG.rateNotHelpful }).focus();
    await page.keyboard.press('Enter');
    await expect(rating.getByRole('status')).toHaveText(WIDGET_MSG.rateThanks);
    await expect(rating.getByRole('button', { name: WIDGET_MSG.rateNotHelpful })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(rating.getByRole('button', { name: WIDGET_MSG.rateHelpful, exact: true })).toBeDisabled();

    const owner = await apiUser(clinic.account);
    await expect.poll(() => missedDownVotes(owner, clinic.botId, 'Is there free parking?')).toBe(1);
  });
});
