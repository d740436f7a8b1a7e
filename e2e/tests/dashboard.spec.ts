import { expect, test, type Page } from '@playwright/test';
import { DASHBOARD_MSG, DASHBOARD_ORIGIN_LABEL, SHARE_MSG } from '@vuxo/shared';
import { BOT_STATUS } from '@vuxo/testkit';
import { expectAccessible } from '../support/axe.ts';
import {
  DASHBOARD,
  apiUser,
  card,
  createBot,
  listBots,
  openDashboardWithState,
  planCard,
  setBotStatus,
  subscribe,
  type ApiUser,
} from '../support/dashboard.ts';
import { saveSession, sessionFile, signedInAs } from '../support/sessions.ts';
import { newAccount } from '../support/sign-in.ts';

test.describe('a Free Trial owner with one bot', () => {
  const account = newAccount('Trina Trial');
  const botName = 'Trial Helper';
  let user: ApiUser;
  let botId: string;
  test.use({ storageState: sessionFile(account) });

  test.beforeAll(async ({ browser }) => {
    user = await apiUser(account);
    botId = await createBot(user, botName);
    await saveSession(browser, account);
  });

  test('shows skeletons while loading, then the list and the plan', async ({ page }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/list-user-bots', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(DASHBOARD);

    const skeletons = page.getByRole('status', { name: 'Loading bots' });
    await expect(skeletons).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create New Bot' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await expectAccessible(page, 'loading');
    release();

    const bot = card(page, botName);
    await expect(bot).toBeVisible();
    await expect(skeletons).toHaveCount(0);
    await expect(bot.getByText('Ready', { exact: true })).toBeVisible();
    await expect(bot.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    await expect(bot.getByText(/^Created \w{3} \d{1,2}, \d{4}$/)).toBeVisible();
    await expect(bot.getByText('T', { exact: true })).toBeVisible();
    await expect(planCard(page)).toContainText('Free Trial');
    await expect(planCard(page)).toContainText('1 / 1 bots used');
    await expect(page.getByText(/Auto-refresh in/)).toHaveCount(0);
    await expectAccessible(page, 'list');
  });

  test('Create New Bot at the cap: disabled and explained, it warns and stays', async ({ page }) => {
    await page.goto(DASHBOARD);
    await expect(card(page, botName)).toBeVisible();
    const create = page.getByRole('button', { name: 'Create New Bot' });
    await expect(create).toHaveAttribute('aria-disabled', 'true');
    await create.hover();
    await expect(page.getByRole('tooltip')).toHaveText(DASHBOARD_MSG.limitTooltip(1));
    await expect(create).toHaveAccessibleDescription(DASHBOARD_MSG.limitTooltip(1));

    await create.click({ force: true });
    const warning = page.getByRole('alert').filter({ hasText: DASHBOARD_MSG.limitWarning(1) });
    await expect(warning).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${DASHBOARD}$`));
    await warning.getByRole('button', { name: 'Dismiss' }).click();
    await expect(warning).toHaveCount(0);
  });

  test('deleting on the Free Trial opens Upgrade Required; View Plans carries the state (decision 101)', async ({
    page,
  }) => {
    await page.goto(DASHBOARD);
    await card(page, botName)
      .getByRole('button', { name: `Delete ${botName}` })
      .click();
    const dialog = page.getByRole('dialog', { name: DASHBOARD_MSG.upgradeTitle });
    await expect(dialog).toContainText(DASHBOARD_MSG.upgradeText);
    await expect(page.getByRole('dialog', { name: DASHBOARD_MSG.confirmTitle })).toHaveCount(0);
    await expectAccessible(page, 'upgrade dialog');

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await card(page, botName)
      .getByRole('button', { name: `Delete ${botName}` })
      .click();
    await dialog.getByRole('button', { name: 'View Plans' }).click();
    await expect(page).toHaveURL(/\/plans$/);
    const state = await page.evaluate(() => (window.history.state as { usr?: unknown } | null)?.usr);
    expect(state).toEqual({ from: DASHBOARD_ORIGIN_LABEL, attemptedAction: 'delete', botId, botName });
    expect((await listBots(user)).map((b) => b.botId)).toEqual([botId]);
  });

  test('the workspace’s navbar has its own links, not the site’s menus, on a desktop and in the phone menu', async ({
    page,
  }) => {
    await page.goto(DASHBOARD);
    const main = page.getByRole('navigation', { name: 'Main' });
    await expect(main.getByRole('link', { name: DASHBOARD_MSG.menuLabel })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Build a bot' })).toHaveAttribute('href', '/wizard');
    await expect(main.getByRole('button', { name: /^(Products|Services|Community|Resources)/ })).toHaveCount(
      0,
    );
    await expect(page.getByRole('heading', { level: 1, name: DASHBOARD_MSG.title })).toBeInViewport();
    // One bar: the account is in it, the site's announcements and its Create My Bot button are not.
    const header = page.getByRole('banner');
    await expect(header.getByRole('button', { name: /^Welcome/ })).toBeVisible();
    await expect(header.getByRole('link', { name: /Try it|Create My Bot/ })).toHaveCount(0);
    await expectHeadingClearOfHeader(page);

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(header.getByRole('button', { name: /^Welcome/ })).toBeVisible();
    await expectHeadingClearOfHeader(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu.getByRole('link', { name: DASHBOARD_MSG.menuLabel })).toBeVisible();
    await expect(menu.getByRole('button', { name: /^(Products|Services|Community|Resources)/ })).toHaveCount(
      0,
    );
  });

  test('a bot moves from Processing to Ready without a manual refresh', async ({ page }) => {
    await setBotStatus(botId, BOT_STATUS.indexing);
    try {
      await page.goto(DASHBOARD);
      const bot = card(page, botName);
      await expect(bot.getByText('Processing', { exact: true })).toBeVisible();
      await expect(bot.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '30');
      await expect(page.getByText(/Auto-refresh in \d+s/)).toBeVisible();

      const chat = bot.getByRole('button', { name: 'Chat' });
      await expect(chat).toHaveAttribute('aria-disabled', 'true');
      await chat.hover();
      await expect(bot.getByRole('tooltip')).toHaveText(DASHBOARD_MSG.notReady('Processing'));
      await expect(bot.getByRole('button', { name: SHARE_MSG.action })).toHaveCount(0);
      // Enter on a card that is not ready does not open chat.
      await bot.focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`${DASHBOARD}$`));
      await expectAccessible(page, 'in progress');

      await setBotStatus(botId, BOT_STATUS.ready);
      await expect(bot.getByText('Ready', { exact: true })).toBeVisible({ timeout: 15_000 });
      await expect(bot.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
      await expect(page.getByText(/Auto-refresh in/)).toHaveCount(0);
      await expect(bot.getByRole('button', { name: 'Chat' })).not.toHaveAttribute('aria-disabled');
    } finally {
      await setBotStatus(botId, BOT_STATUS.ready);
    }
  });

  test('Chat, and Enter on a ready card, store activeDocId and open /workflow/chat', async ({ page }) => {
    await page.goto(DASHBOARD);
    await card(page, botName).getByRole('button', { name: 'Chat' }).click();
    await expect(page).toHaveURL(/\/workflow\/chat$/);
    expect(await page.evaluate(() => sessionStorage.getItem('activeDocId'))).toBe(botId);
    expect(await page.evaluate(() => (window.history.state as { usr?: unknown }).usr)).toEqual({
      activeDocId: botId,
    });

    await page.evaluate(() => sessionStorage.removeItem('activeDocId'));
    await page.goto(DASHBOARD);
    await card(page, botName).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/workflow\/chat$/);
    expect(await page.evaluate(() => sessionStorage.getItem('activeDocId'))).toBe(botId);
  });
});

test.describe('an owner on the Basic plan', () => {
  const account = newAccount('Paula Paid');
  let user: ApiUser;
  let first: string;
  let second: string;
  test.use({ storageState: sessionFile(account) });

  test.beforeAll(async ({ browser }) => {
    user = await apiUser(account);
    await subscribe(user, 'basic');
    first = await createBot(user, 'First Helper');
    second = await createBot(user, 'Second Helper');
    await saveSession(browser, account);
  });

  test('a failed delete warns, keeps the bot and closes the dialog', async ({ page }) => {
    await page.goto(DASHBOARD);
    await page.route('**/api/delete-bot', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Disk full' }),
      }),
    );
    await card(page, 'First Helper').getByRole('button', { name: 'Delete First Helper' }).click();
    const dialog = page.getByRole('dialog', { name: DASHBOARD_MSG.confirmTitle });
    await dialog.getByRole('button', { name: 'Delete Bot' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: DASHBOARD_MSG.deleteFailed('Disk full') }),
    ).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(card(page, 'First Helper')).toBeVisible();
    await expect(planCard(page)).toContainText('2 / 3 bots used');
  });

  test('Confirm Deletion deletes: the card goes, the count goes down, activeDocId is cleared', async ({
    page,
  }) => {
    await page.goto(DASHBOARD);
    await expect(planCard(page)).toContainText('Basic');
    await expect(planCard(page)).toContainText('2 / 3 bots used');
    await page.evaluate((id) => sessionStorage.setItem('activeDocId', id), first);

    let finish = () => {};
    const held = new Promise<void>((resolve) => (finish = resolve));
    await page.route('**/api/delete-bot', async (route) => {
      await held;
      await route.continue();
    });
    const bot = card(page, 'First Helper');
    await bot.getByRole('button', { name: 'Delete First Helper' }).click();
    const dialog = page.getByRole('dialog', { name: DASHBOARD_MSG.confirmTitle });
    await expect(dialog).toContainText(DASHBOARD_MSG.confirmText('First Helper'));
    await expectAccessible(page, 'confirm dialog');
    await dialog.getByRole('button', { name: 'Delete Bot' }).click();

    // While it runs: the row is busy, its buttons disabled, the dialog still open. (The open modal hides
    // the page from the accessibility tree, so these locators include hidden elements.)
    const row = page.locator('article').filter({ hasText: 'First Helper' });
    await expect(row).toHaveAttribute('aria-busy', 'true');
    await expect(
      row.getByRole('button', { name: 'Delete First Helper', includeHidden: true }),
    ).toBeDisabled();
    await expect(row.getByRole('button', { name: 'Chat', includeHidden: true })).toBeDisabled();
    await expect(dialog).toBeVisible();
    finish();

    await expect(bot).toHaveCount(0);
    await expect(dialog).toHaveCount(0);
    await expect(planCard(page)).toContainText('1 / 3 bots used');
    await expect(card(page, 'Second Helper')).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('activeDocId'))).toBeNull();
    expect((await listBots(user)).map((b) => b.botId)).toEqual([second]);
  });

  test('resumeDelete reopens the confirmation for that bot', async ({ page }) => {
    const before = (await listBots(user)).length;
    await page.goto(DASHBOARD);
    await expect(page.getByRole('button', { name: /Welcome/ })).toBeVisible();
    await openDashboardWithState(page, { resumeDelete: { botId: second, botName: 'Second Helper' } });
    const dialog = page.getByRole('dialog', { name: DASHBOARD_MSG.confirmTitle });
    await expect(dialog).toContainText(DASHBOARD_MSG.confirmText('Second Helper'));
    await dialog.getByRole('button', { name: 'Delete Bot' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(card(page, 'Second Helper')).toHaveCount(0);
    await expect(planCard(page)).toContainText(`${before - 1} / 3 bots used`);
    expect((await listBots(user)).map((b) => b.botId)).not.toContain(second);

    // The state is used once: a reload does not ask again.
    await page.reload();
    await expect(planCard(page)).toContainText(`${before - 1} / 3 bots used`);
    await expect(dialog).toHaveCount(0);
  });
});

test.describe('the dashboard without bots', () => {
  test.use(signedInAs('owner'));

  test('shows the empty state, whose button opens the wizard', async ({ page }) => {
    await page.goto(DASHBOARD);
    await expect(page.getByText(DASHBOARD_MSG.emptyState)).toBeVisible();
    await expect(planCard(page)).toContainText('0 / 1 bots used');
    await expectAccessible(page, 'empty');
    await page.getByRole('button', { name: 'Create Your First Bot' }).click();
    await expect(page).toHaveURL(/\/wizard$/);
  });

  test('the new-bot notice shows with its particles and goes after 10 seconds', async ({ page }) => {
    await page.clock.install();
    await page.goto(DASHBOARD);
    await expect(page.getByRole('button', { name: /Welcome/ })).toBeVisible();
    // Stop the page's clock before the notice appears, so that its 10 seconds run only as the test moves the
    // clock, however slow the machine (well ahead of the page's own time: pausing cannot go back).
    const pageNow = await page.evaluate(() => Date.now());
    await page.clock.pauseAt(pageNow + 5_000);
    await openDashboardWithState(page, { newBot: { botId: 'bot_new', botName: 'Fresh Helper' } });
    const notice = page.getByRole('status').filter({ hasText: DASHBOARD_MSG.newBotNotice('Fresh Helper') });
    await expect(notice).toBeVisible();
    await expect(notice.locator('canvas')).toHaveCount(1);

    await page.clock.fastForward(8_000);
    await expect(notice).toBeVisible();
    await page.clock.fastForward(2_500);
    await expect(notice).toHaveCount(0);
  });

  test('the new-bot notice closes on Close', async ({ page }) => {
    await page.clock.install();
    await page.goto(DASHBOARD);
    await expect(page.getByRole('button', { name: /Welcome/ })).toBeVisible();
    // The page's clock stands still, so the notice's 10 seconds pass only as the test moves the clock.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 5_000);
    await openDashboardWithState(page, { newBot: { botId: 'bot_new', botName: 'Fresh Helper' } });
    const notice = page.getByRole('status').filter({ hasText: DASHBOARD_MSG.newBotNotice('Fresh Helper') });
    await expect(notice).toBeVisible();
    // axe waits on timers: the page's clock moves in small steps while it runs, far from the notice's 10 s.
    let checked = false;
    const check = expectAccessible(page, 'the new-bot notice', notice).finally(() => (checked = true));
    while (!checked) await page.clock.runFor(20);
    await check;
    await notice.getByRole('button', { name: 'Close' }).click();
    await expect(notice).toHaveCount(0);
  });

  test('a load failure shows the red banner, empties the list and resets the plan', async ({ page }) => {
    await page.route('**/api/list-user-bots', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Database unavailable' }),
      }),
    );
    await page.goto(DASHBOARD);
    const banner = page
      .getByRole('alert')
      .filter({ hasText: DASHBOARD_MSG.loadFailed('Database unavailable') });
    await expect(banner).toBeVisible();
    await expect(planCard(page)).toContainText('Free Trial');
    await expect(planCard(page)).toContainText('0 / 0 bots used');
    await expect(page.getByRole('article')).toHaveCount(0);
    await expectAccessible(page, 'error');
    await banner.getByRole('button', { name: 'Dismiss' }).click();
    await expect(banner).toHaveCount(0);

    await page.unroute('**/api/list-user-bots');
    await page.route('**/api/get-user-plan-status', (route) => route.fulfill({ status: 503, body: '' }));
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: DASHBOARD_MSG.loadFailed(DASHBOARD_MSG.fetchPlanFailed(503)) }),
    ).toBeVisible();
  });
});

/** The page's title is below the fixed header, not under it. */
async function expectHeadingClearOfHeader(page: Page) {
  const header = await page.getByRole('banner').boundingBox();
  const title = await page.getByRole('heading', { level: 1 }).first().boundingBox();
  expect(header && title && title.y >= header.y + header.height).toBe(true);
}
