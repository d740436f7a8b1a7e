import { expect, test } from '@playwright/test';
import { NOT_FOUND_MSG } from '@vuxo/shared';
import { expectAccessible } from '../support/axe.ts';

/** Any unknown path shows the not-found page. */

for (const [name, path] of [
  ['a random path', () => `/no-such-page-${Math.random().toString(36).slice(2)}`],
  ['a deep unknown path', () => '/blogs/some/deep/path'],
] as const) {
  test(`${name} shows the not-found page, and 'Return to Home' goes to /`, async ({ page }) => {
    await page.goto(path());
    await expect(page.getByRole('heading', { level: 1, name: NOT_FOUND_MSG.title })).toBeVisible();
    await expect(page.getByText(NOT_FOUND_MSG.text)).toBeVisible();
    await expectAccessible(page, 'the not-found page');
    const home = page.getByRole('link', { name: NOT_FOUND_MSG.button });
    await expect(home).toHaveAttribute('href', '/');
    await home.click();
    await expect(page).toHaveURL(/^https?:\/\/[^/]+\/$/);
    await expect(page.getByRole('heading', { name: NOT_FOUND_MSG.title })).toHaveCount(0);
  });
}

test('/dashboard opens the owner’s bots, through sign-in when signed out', async ({ page }) => {
  const response = await page.goto('/dashboard');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/(?:login|dashboard\/bots)$/);
  await expect(page.getByRole('heading', { name: NOT_FOUND_MSG.title })).toHaveCount(0);
});

test('/portfolio/items redirects to /portfolio/items/ai-integration', async ({ page }) => {
  await page.goto('/portfolio/items');
  await expect(page).toHaveURL(/\/portfolio\/items\/ai-integration$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
