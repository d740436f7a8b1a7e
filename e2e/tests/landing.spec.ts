import { expect, test, type Locator, type Page } from '@playwright/test';
import { HERO_CAROUSEL_MS } from '../../apps/web/src/ui-tuning.js';

/** The landing page's moving parts: the hero carousel and the footer's particles, as a visitor meets them. */

/** The slide on show: hidden slides are not in the accessibility tree. */
const currentSlide = (page: Page) => page.getByRole('group', { name: /^\d+ of \d+$/ });
const slideNumber = async (page: Page) => {
  const name = (await currentSlide(page).getAttribute('aria-label')) ?? '';
  const [current, count] = name.split(' of ').map(Number);
  return { current: current!, count: count! };
};
const particles = (page: Page) => page.getByRole('contentinfo').locator('canvas');

/** What the canvas shows now, and whether that is nothing at all. */
const canvasFrame = (canvas: Locator) =>
  canvas.evaluate((element: HTMLCanvasElement) => {
    const blank = document.createElement('canvas');
    blank.width = element.width;
    blank.height = element.height;
    const image = element.toDataURL();
    return { image, blank: image === blank.toDataURL() };
  });

/** Whether the canvas changes while the page's clock runs on by half a second. */
async function moves(page: Page, canvas: Locator) {
  const before = await canvasFrame(canvas);
  await page.clock.runFor(500);
  const after = await canvasFrame(canvas);
  return before.image !== after.image;
}

test.describe('hero carousel', () => {
  test.use({ reducedMotion: 'no-preference' });
  test('advances every 4 seconds, loops, and stops on the pause button', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await expect(currentSlide(page)).toHaveAccessibleName(/^1 of /);
    const { count } = await slideNumber(page);
    expect(count).toBeGreaterThan(1);
    for (let step = 2; step <= count + 1; step++) {
      await page.clock.runFor(HERO_CAROUSEL_MS);
      const expected = step > count ? 1 : step;
      await expect(currentSlide(page)).toHaveAccessibleName(`${expected} of ${count}`);
    }

    await page.getByRole('button', { name: 'Pause slideshow' }).click();
    await page.clock.runFor(HERO_CAROUSEL_MS * 2);
    await expect(currentSlide(page)).toHaveAccessibleName(`1 of ${count}`);
    await page.getByRole('button', { name: 'Next slide' }).click();
    await expect(currentSlide(page)).toHaveAccessibleName(`2 of ${count}`);
    await expect(page.getByRole('button', { name: 'Play slideshow' })).toBeVisible();
  });

  test('stands still for reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto('/');
    await expect(currentSlide(page)).toHaveAccessibleName(/^1 of /);
    await page.clock.runFor(HERO_CAROUSEL_MS * 3);
    await expect(currentSlide(page)).toHaveAccessibleName(/^1 of /);
  });
});

test.describe('footer particles', () => {
  test.use({ reducedMotion: 'no-preference' });
  test('draw nothing while the footer is off screen, move on screen and stop again when it leaves', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.clock.install();
    await page.goto('/');
    const canvas = particles(page);
    await expect(canvas).toHaveCount(1);
    expect(await moves(page, canvas)).toBe(false);
    expect((await canvasFrame(canvas)).blank).toBe(true);

    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await expect.poll(() => moves(page, canvas)).toBe(true);

    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => moves(page, canvas)).toBe(false);
    expect(await moves(page, canvas)).toBe(false);
  });

  test('show one still frame for reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto('/');
    const canvas = particles(page);
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await expect.poll(async () => (await canvasFrame(canvas)).blank).toBe(false);
    expect(await moves(page, canvas)).toBe(false);
  });
});
