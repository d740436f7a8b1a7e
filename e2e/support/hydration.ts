import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Holds back the page's scripts until the returned function is called: the prerendered page is there to read
 * and use as a visitor meets it on a slow connection.
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await scriptsHeld;
    await route.continue().catch(() => {}); // The page that asked may be gone.
  });
  return release;
}

/**
 * Waits until React has taken over a prerendered element: a click before that would reach no handler (React
 * keeps its fiber on each element it hydrated).
 */
export async function waitForHydration(element: Locator): Promise<void> {
  await expect
    .poll(() => element.evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactFiber'))))
    .toBe(true);
}
