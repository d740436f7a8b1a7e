import { expect, test } from '@playwright/test';
import { messageBox } from '../support/bots.ts';

/** /demos: live demo bots, built by the product from sample businesses' documents. */
test('a visitor picks a live demo bot on /demos and it answers from its document', async ({ page }) => {
  await page.goto('/demos');
  await expect(
    page.getByRole('heading', { level: 1, name: 'See Vuxo at work before you buy' }),
  ).toBeVisible();
  const demos = page.getByRole('region', { name: 'Live demo bots' });
  await expect(demos.getByRole('heading', { level: 3 })).toHaveText([
    'Maple Dental Assistant',
    'Crumb & Co. Helper',
    'BrightFix Dispatcher',
  ]);
  await expect(demos.getByText('“How much is a check-up and cleaning?”')).toBeVisible();

  await demos.getByRole('link', { name: 'Chat with Maple Dental Assistant' }).click();
  await expect(page).toHaveURL(/\/public-chat\/bot_demo_dental$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Maple Dental Assistant' })).toBeVisible();
  await expect(messageBox(page)).toBeEnabled({ timeout: 20_000 });
  await messageBox(page).fill('How much is a check-up and cleaning?');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('log', { name: 'Messages' })).toContainText('$120', { timeout: 15_000 });
});
