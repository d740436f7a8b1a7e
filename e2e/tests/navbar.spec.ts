import { expect, test, type Page } from '@playwright/test';

/** The navbar. */

const ITEMS = ['Home', 'About', 'Products', 'Services', 'Pricing', 'Community', 'Resources', 'Contact'];
const LINKS: Record<string, string> = {
  Home: '/',
  About: '/about',
  Services: '/ai-consultancy',
  Pricing: '/plans',
  Contact: '/contact',
};
const MENUS: Record<string, [string, string][]> = {
  Products: [
    ['Voice agent', '/vuxo-voice'],
    ['Chatbot builder', '/vuxo-chat'],
    ['Demo Hub', '/demos'],
  ],
  Services: [
    ['Workshops', '/workshops'],
    ['App Development', '/app-development'],
    ['Website Development', '/website-development'],
    ['AI4Health Heart Health', '/ai4health-heart-health'],
  ],
  Community: [
    ['Partners', '/partners'],
    ['Careers', '/careers'],
    ['Community Service', '/community-service'],
    ['Become a Partner', '/become-a-partner'],
    ['Volunteer Hours', '/volunteer-hours'],
  ],
  Resources: [
    ['Blogs', '/blogs'],
    ['FAQs', '/faqs'],
    ['Content', '/content'],
    ['Site Map', '/sitemaps'],
  ],
};

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const trigger = (page: Page, menu: string) => nav(page).getByRole('button', { name: menu });
const menuList = (page: Page, menu: string) => nav(page).getByRole('list', { name: menu });

test.describe('desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test.beforeEach(async ({ page }) => {
    await page.goto('/about');
    await expect(nav(page)).toBeVisible();
  });

  test('shows the items in order, with their links and menus', async ({ page }) => {
    await expect(nav(page).getByRole('listitem')).toHaveText(ITEMS, { useInnerText: true });
    for (const [label, href] of Object.entries(LINKS)) {
      await expect(nav(page).getByRole('link', { name: label, exact: true })).toHaveAttribute('href', href);
    }
    for (const [menu, children] of Object.entries(MENUS)) {
      await trigger(page, menu).click();
      await expect(trigger(page, menu)).toHaveAttribute('aria-expanded', 'true');
      const links = menuList(page, menu).getByRole('link');
      await expect(links).toHaveCount(children.length);
      for (const [i, [label, href]] of children.entries()) {
        await expect(links.nth(i)).toHaveAccessibleName(label);
        await expect(links.nth(i)).toHaveAttribute('href', href);
      }
      await trigger(page, menu).click();
      await expect(trigger(page, menu)).toHaveAttribute('aria-expanded', 'false');
      await expect(menuList(page, menu)).toBeHidden();
    }
  });

  test('menu buttons say what they control', async ({ page }) => {
    for (const menu of Object.keys(MENUS)) {
      const button = trigger(page, menu);
      await expect(button).toHaveAttribute('aria-haspopup', 'true');
      const controls = await button.getAttribute('aria-controls');
      expect(controls).toBeTruthy();
      await button.click();
      await expect(page.locator(`[id="${controls}"]`)).toBeVisible();
      await button.click();
    }
  });

  test('a menu opens on hover', async ({ page }) => {
    await trigger(page, 'Community').hover();
    await expect(menuList(page, 'Community')).toBeVisible();
    await page.mouse.move(640, 600);
    await expect(menuList(page, 'Community')).toBeHidden();
  });

  test('Enter and Space toggle a menu', async ({ page }) => {
    const products = trigger(page, 'Products');
    await products.focus();
    await page.keyboard.press('Enter');
    await expect(products).toHaveAttribute('aria-expanded', 'true');
    await expect(menuList(page, 'Products')).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(products).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Space');
    await expect(products).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Space');
    await expect(products).toHaveAttribute('aria-expanded', 'false');
    await expect(menuList(page, 'Products')).toBeHidden();
  });

  test('Escape closes a menu and returns focus to its button', async ({ page }) => {
    const resources = trigger(page, 'Resources');
    await resources.focus();
    await page.keyboard.press('ArrowDown');
    await expect(menuList(page, 'Resources').getByRole('link', { name: 'Blogs' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(resources).toHaveAttribute('aria-expanded', 'false');
    await expect(resources).toBeFocused();
    await expect(menuList(page, 'Resources')).toBeHidden();
  });

  test('arrow keys move through a menu and between top-level items', async ({ page }) => {
    const products = trigger(page, 'Products');
    await products.focus();
    await page.keyboard.press('ArrowDown');
    await expect(products).toHaveAttribute('aria-expanded', 'true');
    const menu = menuList(page, 'Products');
    await expect(menu.getByRole('link', { name: 'Voice agent' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('link', { name: 'Chatbot builder' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('link', { name: 'Demo Hub' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('link', { name: 'Voice agent' })).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(menu.getByRole('link', { name: 'Demo Hub' })).toBeFocused();

    const home = nav(page).getByRole('link', { name: 'Home', exact: true });
    await home.focus();
    await page.keyboard.press('ArrowRight');
    await expect(nav(page).getByRole('link', { name: 'About', exact: true })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(products).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(nav(page).getByRole('link', { name: 'About', exact: true })).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(nav(page).getByRole('link', { name: 'Contact', exact: true })).toBeFocused();
  });

  test('a menu closes on route change', async ({ page }) => {
    await trigger(page, 'Resources').click();
    await menuList(page, 'Resources').getByRole('link', { name: 'FAQs' }).click();
    await expect(page).toHaveURL(/\/faqs$/);
    await expect(trigger(page, 'Resources')).toHaveAttribute('aria-expanded', 'false');
    await expect(menuList(page, 'Resources')).toBeHidden();

    await trigger(page, 'Products').focus();
    await page.keyboard.press('Enter');
    await expect(menuList(page, 'Products')).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/about$/);
    await expect(trigger(page, 'Products')).toHaveAttribute('aria-expanded', 'false');
    await expect(menuList(page, 'Products')).toBeHidden();
  });

  test('the navbar background changes once the page scrolls', async ({ page }) => {
    const bar = nav(page).locator('xpath=../..');
    const background = () => bar.evaluate((el) => getComputedStyle(el).backgroundColor);
    const atTop = await background();
    await page.mouse.move(640, 500);
    await page.mouse.wheel(0, 400);
    await expect.poll(background).not.toBe(atTop);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(background).toBe(atTop);
  });
});

test.describe('mobile', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('a slide-in menu traps focus, closes with Escape and on navigation', async ({ page }) => {
    await page.goto('/about');
    await expect(nav(page)).toBeHidden();
    const open = page.getByRole('button', { name: 'Open menu' });
    await expect(open).toHaveAttribute('aria-expanded', 'false');
    await open.click();

    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    const mobileNav = dialog.getByRole('navigation', { name: 'Main' });
    await expect(mobileNav.getByRole('listitem')).toHaveText(ITEMS, { useInnerText: true });

    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();

    await open.click();
    await mobileNav.getByRole('button', { name: 'Products' }).click();
    await mobileNav.getByRole('link', { name: 'Chatbot builder' }).click();
    await expect(page).toHaveURL(/\/vuxo-chat$/);
    await expect(dialog).toBeHidden();

    await open.click();
    await dialog.getByRole('button', { name: 'Close menu' }).click();
    await expect(dialog).toBeHidden();
  });
});
