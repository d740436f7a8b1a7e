import { expect, test, type Page } from '@playwright/test';
import { INDEXED_ROUTES } from '@vuxo/shared';
import { expectAccessible } from '../support/axe.ts';
import { signedInAs } from '../support/sessions.ts';

/** The site's pages arrive prerendered: readable before (and without) any script, then hydrated. */

test('every site page arrives with its title, heading and text before any script runs', async ({
  request,
}) => {
  for (const path of INDEXED_ROUTES) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    expect(res.headers()['content-encoding'], path).toBe('br');
    const html = await res.text();
    const root = /<div id="root">(.*)<\/div>\s*<\/body>/s.exec(html)?.[1] ?? '';
    expect(root, path).toMatch(/<h1[^>]*>[^<]+/);
    expect(
      root
        .replace(/<[^>]+>/g, ' ')
        .split(/\s+/)
        .filter(Boolean).length,
      path,
    ).toBeGreaterThan(40);
    expect(html, path).toMatch(/<title>[^<]+ · Vuxo<\/title>/);
    expect(html, path).toMatch(
      new RegExp(`<link rel="canonical" href="[^"]+${path === '/' ? '/' : path}" />`),
    );
    expect(html, path).toMatch(/<meta property="og:description" content="[^"]{20,}" \/>/);
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the landing page and the plans show their headings and content', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('AI made simple');
    await page.goto('/plans');
    await expect(page.getByRole('heading', { level: 1, name: 'Simple monthly plans' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Choose Basic' })).toBeVisible();
  });
});

test.describe('hydrated', () => {
  let errors: string[] = [];
  test.beforeEach(({ page }) => {
    errors = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
  });
  test.afterEach(() => {
    expect(errors).toEqual([]);
  });

  for (const path of INDEXED_ROUTES) {
    test(`${path} hydrates without errors, breaks no content security rule and passes axe`, async ({
      page,
    }) => {
      // A violation of the page's CSP (an eval probe, an inline script) is reported as an event, not an error.
      await page.addInitScript(() => {
        const seen: string[] = [];
        Object.assign(window, { cspViolations: seen });
        document.addEventListener('securitypolicyviolation', (event) =>
          seen.push(`${event.violatedDirective} ${event.blockedURI}`),
        );
      });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(
        await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
      ).toEqual([]);
      await expectAccessible(page, path);
    });
  }

  test('the blog opens its articles', async ({ page }) => {
    await page.goto('/blogs');
    await page.getByRole('link', { name: 'Read the article: What a missed call really costs you' }).click();
    await expect(page).toHaveURL(/\/blogs\/what-a-missed-call-costs$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('What a missed call really costs you');
    await expect(page.getByRole('heading', { name: 'Put a number on it' })).toBeVisible();
  });

  test('a prerendered page keeps working as the app', async ({ page }) => {
    await page.goto('/about');
    await page.waitForLoadState('networkidle');
    await page.getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('hydration keeps the prerendered page', () => {
  /** Marks every element the server wrote, waits until React has taken over each one, and counts the new ones. */
  async function elementsRenderedAgain(page: Page, path: string): Promise<string[]> {
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        for (const element of document.querySelectorAll('#root *'))
          element.setAttribute('data-prerendered', '');
      });
    });
    await page.goto(path);
    // React keeps its fiber on each element it hydrated or created: every element has one when hydration is done.
    await page.waitForFunction(() =>
      [...document.querySelectorAll('#content *')].every((element) =>
        Object.keys(element).some((key) => key.startsWith('__reactFiber')),
      ),
    );
    return page.evaluate(() =>
      [...document.querySelectorAll('#content *:not([data-prerendered])')].map(
        (element) => `${element.tagName} ${(element.textContent ?? '').slice(0, 40)}`,
      ),
    );
  }

  for (const path of ['/', '/plans', '/wizard', '/vuxo-chat']) {
    test(`${path}: a visitor's page is hydrated, not rendered again`, async ({ page }) => {
      expect(await elementsRenderedAgain(page, path)).toEqual([]);
    });
  }

  test.describe(() => {
    test.use(signedInAs('owner'));
    test('a signed-in owner sees the same page hydrated, with the top bar following the sign-in', async ({
      page,
    }) => {
      expect(await elementsRenderedAgain(page, '/plans')).toEqual([]);
      await expect(page.getByRole('button', { name: /Welcome/ })).toBeVisible();
    });
  });
});
