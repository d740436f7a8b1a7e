import { expect, test, type Page } from '@playwright/test';

/** The site's own chat widget: the product's one-line embed, answering about Vuxo. */

const BOT_NAME = 'Vuxo Assistant';
const chatFrame = (page: Page) => page.frameLocator('iframe[title="Chat"]');
const launcher = (page: Page) => page.getByRole('button', { name: 'Open chat' });
const panel = (page: Page) => chatFrame(page).getByRole('region', { name: `Chat with ${BOT_NAME}` });

test.describe('the site chat widget', () => {
  test('answers a visitor’s question about the product from the home page', async ({ page }) => {
    await page.goto('/');
    await expect(launcher(page)).toBeVisible();
    await launcher(page).click();
    await expect(panel(page)).toBeVisible({ timeout: 15_000 });
    const log = panel(page).getByRole('log', { name: 'Messages' });
    await expect(log).toContainText("I'm the Vuxo assistant");

    const message = chatFrame(page).getByRole('textbox', { name: 'Message' });
    await message.fill('How much does the Pro plan cost?');
    await message.press('Enter');
    await expect(log).toContainText('$49/mo', { timeout: 15_000 });
    await expect(log.locator('em', { hasText: 'Source: Plans and prices' })).toBeVisible();
  });

  test('hides on /wizard and comes back, conversation and all, on the way out', async ({ page }) => {
    await page.goto('/');
    await launcher(page).click();
    await expect(panel(page)).toBeVisible({ timeout: 15_000 });
    const frame = page.locator('iframe[title="Chat"]');
    await expect(frame).toBeVisible();

    await page.getByRole('link', { name: 'Create My Bot' }).first().click();
    await expect(page).toHaveURL(/\/wizard$/);
    await expect(frame).toBeHidden();

    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect(frame).toBeVisible();
    await expect(panel(page)).toBeVisible();
    // The same iframe, not a new one: the conversation goes on where it was.
    await expect(frame).toHaveCount(1);
  });

  test('is not loaded at all on a page that opens without the site widgets', async ({ page }) => {
    await page.goto('/wizard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForTimeout(500);
    await expect(page.locator('script[src="/widget.js"]')).toHaveCount(0);
    await expect(launcher(page)).toHaveCount(0);
  });
});
