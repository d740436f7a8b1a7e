import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';
import { WIDGET_KEYS } from '@vuxo/shared';
import { expect, setBotTheme, test, type ReadyBot } from '../support/bots.ts';

/** The chat window of /embed/:identifier: full screen, size from the query, the resize handle, themes. */
const panelOf = (page: Page, name: string) => page.getByRole('region', { name: `Chat with ${name}` });
const log = (page: Page) => page.getByRole('log', { name: 'Messages' });
const storage = (page: Page, key: string) => page.evaluate((k) => window.localStorage.getItem(k), key);

async function openEmbed(page: Page, bot: ReadyBot, query = 'isAlways=false&isInitiallyOpen=false') {
  await page.goto(`/embed/${bot.shareId}?${query}`);
}

test.describe('/embed/:shareId window', () => {
  test('full screen, and isAlways: the whole window without full-screen, close or resize', async ({
    page,
    clinic,
  }) => {
    await openEmbed(page, clinic, 'isAlways=false');
    const panel = panelOf(page, clinic.botName);
    const viewport = page.viewportSize()!;
    await expect(panel).toBeVisible();
    const small = (await panel.boundingBox())!;
    expect(Math.round(small.width)).toBe(350);
    expect(Math.round(small.height)).toBe(500);

    await panel.getByRole('button', { name: 'Full screen' }).click();
    await expect(panel.getByRole('button', { name: 'Exit full screen' })).toBeVisible();
    await expect.poll(async () => (await panel.boundingBox())?.width).toBe(viewport.width);
    expect((await panel.boundingBox())?.height).toBe(viewport.height);
    await expect(page.getByRole('button', { name: 'Resize chat window' })).toHaveCount(0);
    await panel.getByRole('button', { name: 'Exit full screen' }).click();
    await expect.poll(async () => Math.round((await panel.boundingBox())?.width ?? 0)).toBe(350);

    // isFullScreen=true starts full screen.
    await openEmbed(page, clinic, 'isAlways=false&isFullScreen=true');
    await expect(panel.getByRole('button', { name: 'Exit full screen' })).toBeVisible();

    // isAlways (the default): full screen, no launcher, no full-screen, close or resize controls.
    await page.goto(`/embed/${clinic.shareId}`);
    await expect(panel).toBeVisible();
    await expect.poll(async () => (await panel.boundingBox())?.width).toBe(viewport.width);
    for (const name of ['Full screen', 'Exit full screen', 'Close chat', 'Resize chat window', /Open chat/]) {
      await expect(page.getByRole('button', { name })).toHaveCount(0);
    }
  });

  test('takes width and height from the query, clamped', async ({ page, clinic }) => {
    await openEmbed(page, clinic, 'isAlways=false&width=9999&height=10');
    const panel = panelOf(page, clinic.botName);
    await expect(panel).toBeVisible();
    await expect
      .poll(async () => {
        const box = (await panel.boundingBox())!;
        return [Math.round(box.width), Math.round(box.height)];
      })
      .toEqual([800, 400]);
    await openEmbed(page, clinic, 'isAlways=false&width=420&height=600');
    // Measured once the panel's opening animation has run.
    await expect
      .poll(async () => {
        const sized = (await panel.boundingBox())!;
        return [Math.round(sized.width), Math.round(sized.height)];
      })
      .toEqual([420, 600]);
  });

  test('resizes from the bottom-left handle by mouse, touch and keys, clamped, and keeps the size', async ({
    page,
    clinic,
  }) => {
    await openEmbed(page, clinic, 'isAlways=false');
    const panel = panelOf(page, clinic.botName);
    const handle = page.getByRole('button', { name: 'Resize chat window' });
    await expect(handle).toBeVisible();
    const size = async () => {
      const box = (await panel.boundingBox())!;
      return [Math.round(box.width), Math.round(box.height)];
    };
    await expect.poll(size).toEqual([350, 500]);

    // Mouse: left widens, up makes it taller. Each size is waited for: an idle page (nothing animating) paints
    // the last move's size a frame after the button is released.
    const start = (await handle.boundingBox())!;
    await page.mouse.move(start.x + 10, start.y + 10);
    await page.mouse.down();
    await page.mouse.move(start.x - 90, start.y - 40, { steps: 5 });
    await page.mouse.up();
    await expect.poll(size).toEqual([450, 550]);
    expect(await storage(page, WIDGET_KEYS.width(clinic.botId))).toBe('450');
    expect(await storage(page, WIDGET_KEYS.height(clinic.botId))).toBe('550');

    // Clamped to 300-800 by 400-800.
    const from = (await handle.boundingBox())!;
    await page.mouse.move(from.x + 10, from.y + 10);
    await page.mouse.down();
    await page.mouse.move(from.x + 600, from.y + 600, { steps: 4 });
    await page.mouse.up();
    await expect.poll(size).toEqual([300, 400]);

    // Touch.
    const touch = await page.context().newCDPSession(page);
    const at = (await handle.boundingBox())!;
    const point = (dx: number, dy: number) => [{ x: at.x + 10 + dx, y: at.y + 10 + dy }];
    await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(0, 0) });
    for (const step of [1, 2, 3]) {
      await touch.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: point(-20 * step, -30 * step),
      });
    }
    await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect.poll(size).toEqual([360, 490]);

    // Keys.
    await handle.focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowUp');
    await expect.poll(size).toEqual([380, 510]);

    // Kept for the next visit (unless isAlways); measured once the panel's opening animation has run.
    await page.reload();
    await expect(panel).toBeVisible();
    await expect.poll(size).toEqual([380, 510]);
  });

  test('shows each theme, and the default for an unknown one', async ({ page, clinic }) => {
    const header = () => panelOf(page, clinic.botName).locator('header');
    const looks: Record<string, string> = {};
    try {
      for (const [stored, shown] of [
        ['blue-white', 'blue-white'],
        ['healthcare', 'healthcare'],
        ['default', 'default'],
        ['neon-unknown', 'default'],
      ] as const) {
        await setBotTheme(clinic.botId, stored);
        await openEmbed(page, clinic, 'isAlways=false');
        await expect(header()).toBeVisible();
        await expect(page.locator('[data-chat-theme]').first()).toHaveAttribute('data-chat-theme', shown);
        looks[stored] = await header().evaluate((el) => getComputedStyle(el).backgroundImage);
        const background = await log(page).evaluate(
          (el) => getComputedStyle(el.parentElement!).backgroundColor,
        );
        looks[`${stored} background`] = background;
        await expectAccessible(page, `${stored} theme`);
      }
    } finally {
      await setBotTheme(clinic.botId, 'default');
    }
    expect(new Set([looks['blue-white'], looks.healthcare, looks.default]).size).toBe(3);
    expect(looks['neon-unknown']).toBe(looks.default);
    expect(looks['blue-white background']).toBe('rgb(255, 255, 255)');
    expect(looks['default background']).toBe('rgb(15, 13, 24)');
  });
});
