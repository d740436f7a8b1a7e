import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import {
  CONTACT_CHOICE_MSG,
  CONTACT_MSG,
  EMBED_GUIDES,
  EMBED_GUIDE_MSG,
  SHARE_MSG,
  THEME_LABELS,
  WIDGET_LAYOUT,
  shareLinks,
} from '@vuxo/shared';
import { expectAccessible } from '../support/axe.ts';
import {
  DASHBOARD,
  HANDBOOK,
  apiUser,
  card,
  createBot,
  listBots,
  openDashboard,
  type ApiUser,
} from '../support/dashboard.ts';
import { messageBox } from '../support/bots.ts';
import { restoreSession, saveSession } from '../support/sessions.ts';
import { newAccount } from '../support/sign-in.ts';

/**
 * The dashboard's Share dialog: links, embed line, theme, the bot's contact,
 * allowed websites.
 */

/** A stand-in for an owner's website: another origin, serving one page. */
async function customerSite(html: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((_request, response) => {
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test.describe('sharing a bot', () => {
  const account = newAccount('Sasha Share');
  const botName = 'Pier Helper';
  let user: ApiUser;
  let botId: string;

  test.beforeAll(async ({ browser }) => {
    user = await apiUser(account);
    botId = await createBot(user, botName);
    await saveSession(browser, account);
  });

  test('Share shows the links and the embed line, copies them, and saves allowed websites', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
    const { shareId } = (await listBots(user))[0]!;
    await restoreSession(page, account);
    await page.goto(DASHBOARD);
    await card(page, botName).getByRole('button', { name: SHARE_MSG.action }).click();
    const dialog = page.getByRole('dialog', { name: SHARE_MSG.title(botName) });
    await expect(dialog).toBeVisible();

    const snippet = `<script src="${baseURL}/widget.js" data-bot="${shareId}" async></script>`;
    await expect(dialog.getByRole('textbox', { name: SHARE_MSG.publicChatLabel, exact: true })).toHaveValue(
      `${baseURL}/public-chat/${botId}`,
    );
    await expect(dialog.getByRole('textbox', { name: SHARE_MSG.widgetLinkLabel, exact: true })).toHaveValue(
      `${baseURL}/embed/${shareId}`,
    );
    await expect(dialog.getByRole('textbox', { name: SHARE_MSG.snippetLabel, exact: true })).toHaveValue(
      snippet,
    );
    const domains = dialog.getByRole('textbox', { name: SHARE_MSG.domainsLabel, exact: true });
    await expect(domains).toBeEnabled();
    // What the list cannot stop is said where the owner sets it (issue 43, F7).
    await expect(dialog.getByText(SHARE_MSG.domainsLimits)).toBeVisible();
    await expectAccessible(page, 'share dialog');

    await dialog.getByRole('button', { name: `Copy ${SHARE_MSG.snippetLabel.toLowerCase()}` }).click();
    await expect(dialog.getByText(`${SHARE_MSG.snippetLabel} copied.`)).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(snippet);
    await dialog.getByRole('button', { name: `Copy ${SHARE_MSG.publicChatLabel.toLowerCase()}` }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/public-chat/${botId}`);

    await domains.fill('example.com\nbad_domain!');
    await dialog.getByRole('button', { name: SHARE_MSG.domainsSave }).click();
    await expect(dialog.getByText(SHARE_MSG.invalidDomainEntry('bad_domain!'))).toBeVisible();

    await domains.fill('https://Shop.Example.com/about\nshop.example.com\n*.example.org');
    await dialog.getByRole('button', { name: SHARE_MSG.domainsSave }).click();
    await expect(dialog.getByText(SHARE_MSG.domainsSaved(2))).toBeVisible();
    await expect(domains).toHaveValue('shop.example.com\n*.example.org');

    // The saved list is there the next time the dialog opens.
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await card(page, botName).getByRole('button', { name: SHARE_MSG.action }).click();
    await expect(domains).toHaveValue('shop.example.com\n*.example.org');
    await domains.fill('');
    await dialog.getByRole('button', { name: SHARE_MSG.domainsSave }).click();
    await expect(dialog.getByText(SHARE_MSG.domainsSaved(0))).toBeVisible();
  });

  test('Share guides the owner through a website builder and emails the steps, on a phone too', async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const { shareId } = (await listBots(user))[0]!;
    const snippet = shareLinks(baseURL!, { botId, shareId }).embedSnippet;
    await restoreSession(page, account);
    await page.goto(DASHBOARD);
    await card(page, botName).getByRole('button', { name: SHARE_MSG.action }).click();
    const dialog = page.getByRole('dialog', { name: SHARE_MSG.title(botName) });
    await expect(dialog).toBeVisible();

    await dialog.getByRole('combobox', { name: EMBED_GUIDE_MSG.platformLabel }).selectOption('Squarespace');
    const steps = dialog.getByRole('list', { name: EMBED_GUIDE_MSG.stepsLabel('Squarespace') });
    await expect(steps.getByRole('listitem')).toHaveText([...EMBED_GUIDES.squarespace.steps]);
    await expect(dialog.getByText(EMBED_GUIDES.squarespace.note!)).toBeVisible();

    const email = dialog.getByRole('link', { name: EMBED_GUIDE_MSG.emailAction });
    await email.scrollIntoViewIfNeeded();
    await expect(email).toBeVisible();
    const href = new URL((await email.getAttribute('href'))!);
    expect(href.protocol).toBe('mailto:');
    expect(href.searchParams.get('subject')).toBe(EMBED_GUIDE_MSG.mailSubject(botName));
    const body = href.searchParams.get('body')!;
    expect(body).toContain(snippet);
    for (const step of EMBED_GUIDES.squarespace.steps) expect(body).toContain(step);
    await expectAccessible(page, 'share dialog, embed guide');

    // Nothing wider than the phone: not the page, not anything in the dialog.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const overflowing = await dialog.evaluate((root) =>
      [root, ...root.querySelectorAll('*')]
        .filter((element) => {
          const box = element.getBoundingClientRect();
          return box.width > 1 && (box.left < -1 || box.right > window.innerWidth + 1);
        })
        .map((element) => element.outerHTML.slice(0, 80)),
    );
    expect(overflowing).toEqual([]);
  });

  test('Share sets the widget theme, and the public chat page wears it', async ({ page }) => {
    await restoreSession(page, account);
    await page.goto(DASHBOARD);
    const openShare = async () => {
      await card(page, botName).getByRole('button', { name: SHARE_MSG.action }).click();
      return page.getByRole('dialog', { name: SHARE_MSG.title(botName) });
    };
    let dialog = await openShare();
    const themes = dialog.getByRole('group', { name: SHARE_MSG.themeLabel });
    await expect(themes.getByRole('radio', { name: THEME_LABELS.default })).toBeChecked();
    await themes.getByRole('radio', { name: THEME_LABELS.healthcare }).check();
    await expect(dialog.getByText(SHARE_MSG.themeSaved)).toBeVisible();

    // The dashboard keeps the choice: the dialog opens on it again.
    await page.keyboard.press('Escape');
    dialog = await openShare();
    await expect(
      dialog
        .getByRole('group', { name: SHARE_MSG.themeLabel })
        .getByRole('radio', { name: THEME_LABELS.healthcare }),
    ).toBeChecked();
    await page.keyboard.press('Escape');

    await page.goto(`/public-chat/${botId}`);
    await expect(page.locator('main[data-chat-theme="healthcare"]')).toBeVisible();
  });

  test('the copied embed line loads the widget on a website', async ({ page, request, baseURL }) => {
    const script = await request.get('/widget.js');
    const served = script.ok() && /javascript/.test(script.headers()['content-type'] ?? '');
    test.fixme(!served, 'Pending /widget.js: the widget loader is not in the build yet.');

    // The embed line exactly as the Share dialog copies it (the test above checks the copy), on a page of
    // another origin. A loopback one: Chromium keeps public pages from loading scripts off loopback.
    const { shareId } = (await listBots(user))[0]!;
    const snippet = shareLinks(baseURL!, { botId, shareId }).embedSnippet;
    const site = await customerSite(
      `<!doctype html><html lang="en"><head><title>Customer site</title></head><body><h1>Welcome</h1>${snippet}</body></html>`,
    );
    try {
      await page.goto(site.url);
      // The launcher lives in a closed shadow root at the bottom right; hovering it creates the iframe.
      const viewport = page.viewportSize()!;
      const centre = WIDGET_LAYOUT.edge + WIDGET_LAYOUT.launcher / 2;
      await page.mouse.move(viewport.width - centre, viewport.height - centre);
      const embedFrame = () => page.frames().find((frame) => frame.url().includes(`/embed/${shareId}`));
      await expect.poll(() => Boolean(embedFrame()), { timeout: 15_000 }).toBe(true);
      await page.mouse.click(viewport.width - centre, viewport.height - centre);
      // The frame fetches its script and the bot first: a busy machine takes longer than one expect's wait.
      await expect(embedFrame()!.getByText(botName).first()).toBeVisible({ timeout: 20_000 });
    } finally {
      await site.close();
    }
  });

  test('as Google Sites embeds it, in a sandboxed box, the chat opens inside that box', async ({
    page,
    request,
    baseURL,
  }) => {
    const script = await request.get('/widget.js');
    test.fixme(!script.ok(), 'Pending /widget.js: the widget loader is not in the build yet.');

    // Google Sites' Insert → Embed → Embed code puts the code in a sandboxed frame of its own: the guide's
    // note says the chat button and the chat stay inside that box. A stand-in for that box:
    const { shareId } = (await listBots(user))[0]!;
    const snippet = shareLinks(baseURL!, { botId, shareId }).embedSnippet;
    const box = { width: 400, height: 600 };
    const srcdoc = `<!doctype html><html><body>${snippet}</body></html>`.replaceAll('"', '&quot;');
    const site = await customerSite(
      `<!doctype html><html lang="en"><head><title>Sites page</title></head><body><h1>Our salon</h1>` +
        `<iframe title="Embedded code" sandbox="allow-scripts allow-same-origin allow-popups allow-forms" ` +
        `style="width:${box.width}px;height:${box.height}px;border:0" srcdoc="${srcdoc}"></iframe></body></html>`,
    );
    try {
      await page.goto(site.url);
      const frameBox = (await page.getByTitle('Embedded code').boundingBox())!;
      const centre = WIDGET_LAYOUT.edge + WIDGET_LAYOUT.launcher / 2;
      const launcher = { x: frameBox.x + box.width - centre, y: frameBox.y + box.height - centre };
      await page.mouse.move(launcher.x, launcher.y);
      const embedFrame = () => page.frames().find((frame) => frame.url().includes(`/embed/${shareId}`));
      await expect.poll(() => Boolean(embedFrame()), { timeout: 15_000 }).toBe(true);
      expect(embedFrame()!.parentFrame()).not.toBe(page.mainFrame());
      await page.mouse.click(launcher.x, launcher.y);
      await expect(embedFrame()!.getByText(botName).first()).toBeVisible({ timeout: 20_000 });
    } finally {
      await site.close();
    }
  });
});

test.describe('the bot’s contact for questions it cannot answer', () => {
  const account = newAccount('Cora Contact');
  const botName = 'Quay Helper';
  /** An address the document gives: declines must not send visitors there. */
  const documentEmail = 'desk@quay-clinic.example';
  const contact = 'questions@quay-clinic.example';
  let botId: string;

  test.beforeAll(async () => {
    const user = await apiUser(account);
    botId = await createBot(user, botName, {
      document: `${HANDBOOK}\n\n# Front desk\nEmail the front desk at ${documentEmail}.`,
    });
  });

  test('the owner sets it in the Share dialog, and a visitor’s unanswerable question shows it', async ({
    page,
    browser,
    baseURL,
  }) => {
    // The owner's dialog, then a visitor's chat: on the busy CI machine over the default minute (it ended there
    // with the visitor's answer already showing the contact).
    test.slow();
    await openDashboard(page, account);
    const openShare = async () => {
      await card(page, botName).getByRole('button', { name: SHARE_MSG.action }).click();
      const dialog = page.getByRole('dialog', { name: SHARE_MSG.title(botName) });
      await expect(dialog).toBeVisible();
      return dialog;
    };
    let dialog = await openShare();
    // By default, the owner's sign-in email, shown as public; the wizard's question again.
    const choice = dialog.getByRole('radiogroup', { name: CONTACT_CHOICE_MSG.legend });
    await expect(choice.getByRole('radio', { name: CONTACT_CHOICE_MSG.signIn(account.email) })).toBeChecked();
    await choice.getByRole('radio', { name: CONTACT_CHOICE_MSG.other }).check();
    const field = dialog.getByRole('textbox', { name: CONTACT_CHOICE_MSG.otherField });

    await field.fill('the front desk');
    await dialog.getByRole('button', { name: CONTACT_MSG.save }).click();
    await expect(dialog.getByText(CONTACT_MSG.invalid)).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');

    await field.fill(` ${contact} `);
    await dialog.getByRole('button', { name: CONTACT_MSG.save }).click();
    await expect(dialog.getByText(CONTACT_MSG.saved)).toBeVisible();
    await expect(field).toHaveValue(contact);
    await expectAccessible(page, 'share dialog, contact saved');

    // The dashboard keeps it: the dialog opens on it again.
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    dialog = await openShare();
    await expect(dialog.getByRole('radio', { name: CONTACT_CHOICE_MSG.other })).toBeChecked();
    await expect(dialog.getByRole('textbox', { name: CONTACT_CHOICE_MSG.otherField })).toHaveValue(contact);
    await page.keyboard.press('Escape');

    // A visitor, not signed in, asks the public chat page what the document does not say.
    const visitor = await browser.newContext({ baseURL: baseURL! });
    try {
      const chat = await visitor.newPage();
      await chat.goto(`/public-chat/${botId}`);
      await expect(chat.getByRole('heading', { level: 1, name: botName })).toBeVisible();
      await messageBox(chat).fill('Do you offer dental cleaning?');
      await chat.getByRole('button', { name: 'Send message' }).click();
      const log = chat.getByRole('log', { name: 'Messages' });
      await expect(log).toContainText(contact);
      await expect(log).not.toContainText(documentEmail);
      await expect(log).not.toContainText(account.email);
    } finally {
      await visitor.close();
    }
  });
});
