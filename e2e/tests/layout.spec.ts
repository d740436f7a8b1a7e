import { expect, test, type Page } from '@playwright/test';
import { NAVBAR_HEIGHT, TOP_BAR_HEIGHT } from '../../apps/web/src/ui-tuning.js';
import { ROLE_ACCOUNTS, signedInAs } from '../support/sessions.ts';
import { holdScripts, waitForHydration } from '../support/hydration.ts';

/** Global layout rules, checked as a visitor sees the page. */

const footer = (page: Page) => page.getByRole('contentinfo');
const callUs = (page: Page) => page.getByRole('link', { name: 'Call us' });
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const scrollY = (page: Page) => page.evaluate(() => window.scrollY);
/** Waits until the page has drawn twice, so layout that follows a scroll has happened. */
const nextFrames = (page: Page) =>
  page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
const cssVar = (page: Page, name: string) =>
  page.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name);

test.describe('chrome', () => {
  for (const path of ['/embed/x', '/public-chat/x']) {
    test(`${path} hides the top bar, navbar, footer and widgets`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('banner')).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Login' })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Create My Bot' })).toHaveCount(0);
      await expect(mainNav(page)).toHaveCount(0);
      await expect(footer(page)).toHaveCount(0);
      await expect(callUs(page)).toHaveCount(0);
    });
  }

  for (const path of ['/', '/about']) {
    test(`${path} shows the top bar, navbar, footer and the call widget`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
      await expect(mainNav(page)).toBeVisible();
      await expect(footer(page)).toBeVisible();
      await expect(footer(page).getByRole('button', { name: 'Back to Top' })).toBeVisible();
      await expect(footer(page)).toContainText(`© ${new Date().getFullYear()} Vuxo`);
      await expect(footer(page)).toContainText(
        'make AI simple, affordable and within reach of every business',
      );
      for (const network of ['Facebook', 'Instagram', 'WhatsApp', 'LinkedIn']) {
        await expect(footer(page).getByRole('link', { name: network })).toBeVisible();
      }
      await expect(footer(page).getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
      await expect(callUs(page)).toBeVisible();
      await expect(callUs(page)).toHaveAttribute('href', /^tel:\+\d+$/);
    });
  }

  for (const path of ['/wizard', '/login', '/contact', '/terms']) {
    test(`${path} has no footer`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(mainNav(page)).toBeVisible();
      await expect(footer(page)).toHaveCount(0);
    });
  }

  test('/wizard has no call widget; /login and /contact keep it', async ({ page }) => {
    await page.goto('/wizard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(callUs(page)).toHaveCount(0);
    for (const path of ['/login', '/contact']) {
      await page.goto(path);
      await expect(callUs(page)).toBeVisible();
    }
  });

  test('signed out, /dashboard/bots and /workflow/chat land on /login, which has no footer', async ({
    page,
  }) => {
    for (const path of ['/dashboard/bots', '/workflow/chat']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
      await expect(footer(page)).toHaveCount(0);
    }
  });

  test.describe(() => {
    test.use(signedInAs('owner'));
    test('signed in, /dashboard/bots has no footer and no call widget; /workflow/chat has no footer', async ({
      page,
    }) => {
      await page.goto('/dashboard/bots');
      await expect(page.getByRole('button', { name: /Welcome/ })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Your Chatbots' })).toBeVisible();
      await expect(mainNav(page)).toBeVisible();
      await expect(footer(page)).toHaveCount(0);
      await expect(callUs(page)).toHaveCount(0);

      await page.goto('/workflow/chat');
      await expect(page).toHaveURL(/\/workflow\/chat$/);
      await expect(mainNav(page)).toBeVisible();
      await expect(footer(page)).toHaveCount(0);
      await expect(callUs(page)).toBeVisible();
      // The owner's console is a chat of its own: the site's chat launcher stays away.
      await expect(page.locator('script[src="/widget.js"]')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Open chat' })).toHaveCount(0);
    });
  });

  for (const width of [1280, 1366]) {
    test(`at ${width} px the call widget sits above the chat launcher, clear of the page's text`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/about');
      const launcher = page.getByRole('button', { name: 'Open chat' });
      await expect(launcher).toBeVisible();
      await expect(callUs(page)).toBeVisible();
      const call = (await callUs(page).boundingBox())!;
      const chat = (await launcher.boundingBox())!;
      // In the launcher's column, above it.
      expect(Math.abs(call.x + call.width / 2 - (chat.x + chat.width / 2))).toBeLessThan(2);
      expect(call.y + call.height).toBeLessThanOrEqual(chat.y);
      // Right of the content column, whose text starts on the left.
      const heading = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
      expect(call.x).toBeGreaterThan(heading.x + 600);
    });
  }
});

test.describe('scrolling', () => {
  test('the window scrolls to the top on every route change', async ({ page }) => {
    await page.goto('/');
    // Scroll until it sticks: the page may still be loading.
    await expect
      .poll(async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        return scrollY(page);
      })
      .toBeGreaterThan(500);
    await mainNav(page).getByRole('link', { name: 'About', exact: true }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect.poll(() => scrollY(page)).toBe(0);

    // /about loads lazily: scroll again until its content is there to scroll through.
    await expect
      .poll(async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        return scrollY(page);
      })
      .toBeGreaterThan(300);
    await footer(page).getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect.poll(() => scrollY(page)).toBe(0);
  });

  test("a visitor who scrolls before the page's scripts ran keeps their place", async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto('/', { waitUntil: 'commit' });
    await expect(footer(page)).toBeVisible(); // Prerendered: readable before any script.
    // Sections below the fold take their real height once drawn: scroll to the bottom until the place holds.
    let place = -1;
    await expect
      .poll(async () => {
        const previous = place;
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await nextFrames(page);
        place = await scrollY(page);
        return place === previous;
      })
      .toBe(true);
    expect(place).toBeGreaterThan(500);

    release();
    await waitForHydration(mainNav(page).getByRole('link', { name: 'About', exact: true }));
    await waitForHydration(footer(page).getByRole('button', { name: 'Back to Top' }));
    await nextFrames(page);
    expect(await scrollY(page)).toBe(place);
  });

  test("'Back to Top' returns to the top of the page", async ({ page }) => {
    await page.goto('/about');
    const backToTop = footer(page).getByRole('button', { name: 'Back to Top' });
    await waitForHydration(backToTop); // A button does nothing until its script has run.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await backToTop.click();
    await expect.poll(() => scrollY(page)).toBe(0);
  });

  test('the top bar collapses while scrolling down and returns when scrolling up', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await expect.poll(() => cssVar(page, '--top-bar-height')).toBe(`${TOP_BAR_HEIGHT.desktop}px`);
    await expect.poll(() => cssVar(page, '--navbar-height')).toBe(`${NAVBAR_HEIGHT.desktop}px`);
    await page.mouse.move(640, 400);
    await page.mouse.wheel(0, 900);
    await expect.poll(() => cssVar(page, '--top-bar-height')).toBe('0px');
    await page.mouse.wheel(0, -300);
    await expect.poll(() => cssVar(page, '--top-bar-height')).toBe(`${TOP_BAR_HEIGHT.desktop}px`);
  });

  test('top bar and navbar are shorter on smaller screens', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/');
    await expect.poll(() => cssVar(page, '--top-bar-height')).toBe(`${TOP_BAR_HEIGHT.tablet}px`);
    await expect.poll(() => cssVar(page, '--navbar-height')).toBe(`${NAVBAR_HEIGHT.mobile}px`);
  });
});

test.describe('top bar', () => {
  test('three announcements rotate every 5 seconds, the third linking to /vuxo-voice on desktop', async ({
    page,
  }) => {
    await page.clock.install();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    const announcement = page.getByRole('banner').getByRole('link').first();
    await expect(announcement).toBeVisible();
    // The page's own time, not this process's: a slow load must not leave the pause in the page's past.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    const order = ['/vuxo-chat', '/workshops', '/vuxo-voice'];
    let index = order.indexOf((await announcement.getAttribute('href')) ?? '');
    expect(index).toBeGreaterThanOrEqual(0);
    for (let step = 0; step < 3; step++) {
      await page.clock.fastForward(5000);
      index = (index + 1) % order.length;
      await expect(announcement).toHaveAttribute('href', order[index]!);
      if (order[index] === '/workshops') await expect(announcement).toContainText(/June 9.*7 PM/);
    }
  });

  test("on mobile the third announcement links to /about and the button reads 'Build My Bot'", async ({
    page,
  }) => {
    await page.clock.install();
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/');
    const banner = page.getByRole('banner');
    const announcement = banner.getByRole('link').first();
    await expect(announcement).toBeVisible();
    await page.clock.pauseAt(Date.now() + 1000);
    const seen = new Set<string>();
    for (let step = 0; step < 3; step++) {
      const href = (await announcement.getAttribute('href')) ?? '';
      seen.add(href);
      await page.clock.fastForward(5000);
      await expect(announcement).not.toHaveAttribute('href', href);
    }
    expect([...seen].sort()).toEqual(['/about', '/vuxo-chat', '/workshops']);
    await expect(banner.getByRole('link', { name: 'Build My Bot' })).toHaveAttribute('href', '/wizard');
    await expect(banner.getByRole('link', { name: 'Create My Bot' })).toHaveCount(0);
  });

  test("'Login' and 'Create My Bot' on desktop", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/about');
    await page.getByRole('banner').getByRole('link', { name: 'Create My Bot' }).click();
    await expect(page).toHaveURL(/\/wizard$/);
    await page.getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test.describe(() => {
    test.use(signedInAs('owner'));
    test('the profile menu closes on an outside click', async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto('/dashboard/bots');
      const profile = page.getByRole('button', { name: `Welcome, ${ROLE_ACCOUNTS.owner.name}` });
      await profile.click();
      await expect(page.getByRole('menuitem', { name: 'My Chatbots' })).toBeVisible();
      await page.mouse.click(5, 600);
      await expect(page.getByRole('menuitem', { name: 'My Chatbots' })).toBeHidden();
      await expect(profile).toHaveAttribute('aria-expanded', 'false');
    });
  });
});
