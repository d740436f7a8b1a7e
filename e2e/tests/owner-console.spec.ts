import { SESSION_KEYS, WIDGET_MSG } from '@vuxo/shared';
import { expectAccessible } from '../support/axe.ts';
import { signIn } from '../support/sign-in.ts';
import { expect, messageBox, test } from '../support/bots.ts';

/** /workflow/chat: the owner's test console. */
test.describe('the owner console', () => {
  test('opens from the dashboard, chats without a daily limit and shows the source passages', async ({
    page,
    clinic,
  }) => {
    await signIn(page, clinic.account);
    await expect(page.getByRole('button', { name: /Welcome/ })).toBeVisible();
    await page.goto('/dashboard/bots');
    await page.getByRole('article', { name: clinic.botName }).getByRole('button', { name: 'Chat' }).click();
    await expect(page).toHaveURL(/\/workflow\/chat$/);
    await expect(page.getByRole('heading', { level: 1, name: `Test ${clinic.botName}` })).toBeVisible();
    expect(await page.evaluate((key) => sessionStorage.getItem(key), SESSION_KEYS.activeDocId)).toBe(
      clinic.botId,
    );
    const chat = page.getByRole('region', { name: `Chat with ${clinic.botName}` });
    await expect(chat.getByText('No daily limit')).toBeVisible();
    await expect(chat.getByText(/Messages left/)).toHaveCount(0);

    // Every call carries the owner's (freshly refreshed) token; the answer comes with its passages.
    const call = page.waitForRequest('**/api/chat');
    await messageBox(page).fill('Is parking available?');
    await messageBox(page).press('Enter');
    expect((await call).headers().authorization).toMatch(/^Bearer .+/);
    await expect(chat.getByText(/Free parking is available/).first()).toBeVisible();
    const passages = chat.getByText('1 source passage');
    await expect(passages).toBeVisible();
    await passages.click();
    await expect(
      chat.locator('blockquote', { hasText: 'Free parking is available behind the clinic' }),
    ).toBeVisible();
    await expect(chat.getByText(/% match/)).toBeVisible();
    await expectAccessible(page, 'owner console');

    // Reloading keeps the bot (activeDocId in session storage), and the owner is never limited.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: `Test ${clinic.botName}` })).toBeVisible();
    await expect(messageBox(page)).toHaveAttribute('placeholder', WIDGET_MSG.placeholder);
  });

  test('without a bot chosen, points to the dashboard', async ({ page, clinic }) => {
    await signIn(page, clinic.account);
    await expect(page.getByRole('button', { name: /Welcome/ })).toBeVisible();
    await page.evaluate((key) => sessionStorage.removeItem(key), SESSION_KEYS.activeDocId);
    await page.goto('/workflow/chat');
    await expect(page.getByRole('heading', { name: 'No bot selected' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to Your Chatbots' })).toHaveAttribute(
      'href',
      '/dashboard/bots',
    );
  });

  test('is guarded: a visitor who is not signed in goes to login', async ({ page }) => {
    await page.goto('/workflow/chat');
    await expect(page).toHaveURL(/\/login/);
  });
});
