import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page } from '@playwright/test';
import {
  API,
  DASHBOARD_MSG,
  INSIGHTS_MSG,
  SESSION_KEYS,
  SHARE_MSG,
  SOURCES_MSG,
  VOICE_AGENT_MSG,
  WIDGET_MSG,
  WIZARD_LABELS,
  WIZARD_MSG,
} from '@vuxo/shared';
import { createReadyBot, expect, messageBox, setBotName, sharedBot, test } from '../support/bots.ts';
import { apiUser, card, DASHBOARD, openDashboard, subscribe } from '../support/dashboard.ts';
import { sessionOf } from '../support/sessions.ts';
import { signIn, type Account } from '../support/sign-in.ts';
import {
  clickNext,
  fillSettings,
  sessionItem,
  startTextBot,
  textFile,
  uploadDocument,
} from '../support/wizard.ts';

/**
 * Stored hostile input (issue 15): every text the product keeps and shows again, written as markup that would
 * run if any screen ever rendered it as HTML, is shown as text on every screen that shows it, and nothing runs.
 * (The reply renderer's own defences, for a reply straight off the network, are in widget-security.spec.ts.)
 *
 * The pages' Content-Security-Policy (script-src 'self') would block an injected inline handler on its own; the
 * browser here ignores it, so that what is proven is the rendering itself: a payload that became markup would
 * run, set `window.__xss` (trapped, and reported to the test, even on a page already left) or open a dialog.
 */
test.use({ bypassCSP: true });

/** Each would run (set window.__xss, or alert) if it became markup: a tag, an attribute break-out, a link. */
const PAYLOAD = {
  img: '<img src=x onerror=window.__xss=1>',
  svg: '"><svg onload=window.__xss=1>',
  script: '<script>window.__xss=1</script>',
  link: '[x](javascript:window.__xss=1)',
  details: '<details open ontoggle=alert(1)>',
} as const;
/** Words a person would write, then every payload (160 characters of them). */
const hostile = (words: string) => `${words} ${Object.values(PAYLOAD).join(' ')}`;
/** For fields of at most 100 characters. */
const hostileShort = (words: string) => `${words} ${PAYLOAD.img} ${PAYLOAD.svg}`;

const HOSTILE_DOCUMENT = `# Opening hours ${PAYLOAD.img}
We are open Monday to Friday from 9am to 6pm. ${hostile('Ask at the desk.')}

# Prices
A standard consultation costs $40.

# Parking
Free parking is available behind the clinic on Harbour Street.`;

const WELCOME = hostile('Welcome to Hostile Harbour!');
const BOT_NAME = hostile('Hostile Harbour');
const QUESTION = hostile('Do you groom dogs?');
const CORRECTION = hostile('We do not groom dogs.');
const PAGE_TITLE = `Aquatic therapy ${PAYLOAD.img}`;

const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
const hostileAccount = (who: string): Account => ({
  name: hostileShort(who),
  email: `xss.${who.toLowerCase()}.${tag()}@example.com`,
});

/** The bot whose every text is hostile, shared by the owner's and the staff's tests (one upload). */
const hostileBot = () =>
  sharedBot('stored-xss', async () => {
    const bot = await createReadyBot({
      name: 'Hostile Harbour',
      document: HOSTILE_DOCUMENT,
      welcome: WELCOME,
      account: hostileAccount('Hana'),
    });
    // The wizard and the API refuse markup in a name; a name stored before that rule, or by hand, can hold it.
    await setBotName(bot.botId, BOT_NAME);
    return { ...bot, botName: BOT_NAME };
  });

/**
 * Watches a browser context: `window.__xss` is trapped in every page and frame (any payload that ran is
 * reported here), and any dialog (alert, confirm) is recorded and dismissed.
 */
async function watch(context: BrowserContext) {
  const ran: string[] = [];
  await context.exposeBinding('__xssRan', ({ frame }) => {
    ran.push(frame.url());
  });
  await context.addInitScript(() => {
    let value: unknown;
    Object.defineProperty(window, '__xss', {
      configurable: true,
      get: () => value,
      set: (next: unknown) => {
        value = next;
        void (window as unknown as { __xssRan: () => Promise<void> }).__xssRan();
      },
    });
  });
  const dialogs: string[] = [];
  context.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });

  /** Nothing ran, and no element carries a handler, a javascript: address or a payload script. */
  return async function expectInert(page: Page, where: string) {
    const live = await page.evaluate(() =>
      [...document.querySelectorAll('*')]
        .filter(
          (element) =>
            [...element.attributes].some(
              (attribute) => /^on|^srcdoc$/i.test(attribute.name) || /^\s*javascript:/i.test(attribute.value),
            ) ||
            (element.localName === 'script' && /__xss/.test(element.textContent ?? '')),
        )
        .map((element) => element.outerHTML.slice(0, 160)),
    );
    expect(live, `live markup on ${where}`).toEqual([]);
    expect(
      await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss),
      where,
    ).toBeUndefined();
    expect(ran, `payloads that ran, up to ${where}`).toEqual([]);
    expect(dialogs, `dialogs, up to ${where}`).toEqual([]);
  };
}

/** The clinic's web page, on 127.0.0.1 (the server fetches private addresses in tests), titled with markup. */
let site: Server;
let siteOrigin = '';
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
test.beforeAll(async () => {
  const title = escapeHtml(PAGE_TITLE);
  const html =
    `<!doctype html><html><head><title>${title}</title></head><body><main><article><h1>${title}</h1>` +
    '<p>Aquatic therapy classes run in the community pool every Wednesday at 6:30 PM. A class costs $25 ' +
    'and is led by a physiotherapist.</p><p>Warm water eases the load on sore joints, so the classes suit ' +
    'clients recovering from knee surgery.</p></article></main></body></html>';
  site = createServer((request, response) => {
    response.writeHead(request.url === '/aquatic' ? 200 : 404, {
      'content-type': 'text/html; charset=utf-8',
    });
    response.end(request.url === '/aquatic' ? html : 'Not found');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

test.describe('stored hostile text is shown as text and never runs', () => {
  test("the owner's name, the welcome and the document in the wizard, its preview and summary, and the dashboard", async ({
    page,
  }) => {
    test.slow(); // The wizard's debounced steps and an upload.
    const expectInert = await watch(page.context());
    const owner = hostileAccount('Wanda');
    await signIn(page, owner);
    await expect(page.getByRole('button', { name: /Welcome/ })).toContainText(owner.name);
    await expectInert(page, 'the top bar');

    await startTextBot(page);
    const file = textFile(`${PAYLOAD.svg}.txt`, HOSTILE_DOCUMENT);
    await uploadDocument(page, file);
    // The file's name and the opening words the server read, as text.
    const step = page.getByRole('main');
    await expect(step.getByText(file.name, { exact: true }).first()).toBeVisible();
    await expect(step.getByText(`Opening hours ${PAYLOAD.img}`).first()).toBeVisible();
    await expectInert(page, 'the upload step');

    await fillSettings(page, { welcome: WELCOME, name: 'Hostile Harbour' });
    const preview = page.getByRole('complementary', { name: 'Preview' });
    await expect(preview.getByText(WELCOME, { exact: true })).toBeVisible();
    await expect(preview.getByText(file.name, { exact: true })).toBeVisible();
    await expectInert(page, 'the live preview');

    await clickNext(page, 'Finish');
    await expect(page.getByRole('heading', { name: WIZARD_MSG.ready })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('definition').filter({ hasText: file.name })).toHaveText(file.name);
    await expectInert(page, 'the summary');

    const botId = await sessionItem(page, SESSION_KEYS.activeDocId);
    expect(botId).toBeTruthy();
    await setBotName(botId!, BOT_NAME);
    await page.getByRole('button', { name: WIZARD_LABELS.viewBot }).click();
    await expect(page).toHaveURL(/\/dashboard\/bots$/);
    await page.reload();
    const botCard = card(page, BOT_NAME);
    await expect(botCard.getByRole('heading', { level: 3 })).toHaveText(BOT_NAME);
    await expectInert(page, 'the dashboard');
  });

  test("a visitor's question, the owner's answer and a page title: chat, widget, insights and console", async ({
    page,
    browser,
  }) => {
    test.slow(); // Two people, five screens and a website source.
    const bot = await hostileBot();
    await subscribe(await apiUser(bot.account), 'basic'); // Website sources and the topics chart.
    const expectInert = await watch(page.context());
    const visitorContext = await browser.newContext({ bypassCSP: true });
    const visitorInert = await watch(visitorContext);
    const visitor = await visitorContext.newPage();

    // The public chat page: the name and the welcome, the visitor's own words, an answer from the document.
    await visitor.goto(`/public-chat/${bot.botId}`);
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(BOT_NAME);
    let log = visitor.getByRole('log', { name: 'Messages' });
    await expect(log.getByText('Welcome to Hostile Harbour!')).toBeVisible();
    await messageBox(visitor).fill(QUESTION);
    await messageBox(visitor).press('Enter');
    await expect(log.getByText(QUESTION, { exact: true })).toBeVisible();
    const ratings = log.getByRole('group', { name: WIDGET_MSG.rateAnswer });
    await expect(ratings).toHaveCount(1, { timeout: 15_000 });
    await ratings.getByRole('button', { name: WIDGET_MSG.rateNotHelpful }).click();
    await expect(log.getByText(WIDGET_MSG.rateThanks)).toBeVisible();
    await messageBox(visitor).fill('When are you open?');
    await messageBox(visitor).press('Enter');
    const reply = log.getByText(/Monday to Friday/);
    await expect(reply).toBeVisible({ timeout: 15_000 });
    // The server escapes markup in replies: the payload reads as text, its javascript: link as its label.
    await expect(reply).toContainText(`${PAYLOAD.svg} ${PAYLOAD.script} x ${PAYLOAD.details}`);
    await expect(log.getByRole('link', { name: 'x', exact: true })).toHaveCount(0);
    await visitorInert(visitor, 'the public chat page');

    // The dashboard, the Share dialog and the delete confirmation (Basic may delete).
    await openDashboard(page, bot.account);
    const botCard = card(page, BOT_NAME);
    await expect(botCard.getByRole('heading', { level: 3 })).toHaveText(BOT_NAME);
    await botCard.getByRole('button', { name: SHARE_MSG.action }).click();
    await expect(page.getByRole('dialog', { name: SHARE_MSG.title(BOT_NAME) })).toBeVisible();
    await expectInert(page, 'the Share dialog');
    await page.keyboard.press('Escape');
    await botCard.getByRole('button', { name: `Delete ${BOT_NAME}` }).click();
    const confirm = page.getByRole('dialog', { name: DASHBOARD_MSG.confirmTitle });
    await expect(confirm).toContainText(DASHBOARD_MSG.confirmText(BOT_NAME));
    await expectInert(page, 'the delete confirmation');
    await confirm.getByRole('button', { name: 'Cancel' }).click();

    // Insights: the title, the missed question, the conversation log, the owner's answer.
    await botCard.getByRole('link', { name: `${INSIGHTS_MSG.insightsLink}: ${BOT_NAME}` }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(INSIGHTS_MSG.pageTitle(BOT_NAME));
    const missed = page.getByRole('region', { name: INSIGHTS_MSG.missedTitle });
    const item = missed.getByRole('listitem').filter({ hasText: QUESTION });
    await expect(item.getByText(QUESTION, { exact: true })).toBeVisible();
    const conversations = page.getByRole('region', { name: INSIGHTS_MSG.conversationsTitle });
    const conversation = conversations.getByRole('listitem').first();
    await expect(conversation.locator('summary')).toContainText(QUESTION);
    await conversation.locator('summary').click();
    const transcript = conversation.getByRole('list');
    await expect(transcript.getByText(QUESTION, { exact: true })).toBeVisible();
    // The logged reply is shown raw: the document's markup, as text.
    await expect(transcript.getByText(PAYLOAD.script).first()).toBeVisible();
    await expectInert(page, 'the insights page');

    // Answered and rated down: what the visitor was told shows under it, rendered as the widget renders it.
    await expect(item.getByText(INSIGHTS_MSG.missedAnswerLabel, { exact: true })).toBeVisible();
    await item.getByRole('button', { name: INSIGHTS_MSG.fixAnswer }).click();
    await item.getByLabel(INSIGHTS_MSG.answerLabel).fill(CORRECTION);
    await item.getByRole('button', { name: INSIGHTS_MSG.saveCorrection }).click();
    const answers = page.getByRole('region', { name: INSIGHTS_MSG.correctionsTitle });
    await expect(answers.getByText(CORRECTION, { exact: true })).toBeVisible();
    await expectInert(page, "the owner's answers");

    // A website source whose page title is markup.
    const sources = page.getByRole('region', { name: SOURCES_MSG.title });
    await sources.getByLabel(SOURCES_MSG.urlLabel).fill(`${siteOrigin}/aquatic`);
    await sources.getByRole('button', { name: SOURCES_MSG.add }).click();
    const source = sources.getByRole('listitem').filter({ hasText: `${siteOrigin}/aquatic` });
    await expect(source.getByText(SOURCES_MSG.status.ready)).toBeVisible({ timeout: 30_000 });
    await expect(source.getByText(PAGE_TITLE, { exact: true })).toBeVisible();
    await expectInert(page, 'the sources panel');

    // The widget: the owner's answer to the same question, and an answer naming the hostile page.
    await visitor.goto(`/embed/${bot.shareId}`);
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(BOT_NAME);
    log = visitor.getByRole('log', { name: 'Messages' });
    await messageBox(visitor).fill(QUESTION);
    await messageBox(visitor).press('Enter');
    await expect(log.getByText('We do not groom dogs.')).toBeVisible({ timeout: 15_000 });
    await expect(log.locator('em', { hasText: `Source: ${INSIGHTS_MSG.ownerAnswerSource}` })).toBeVisible();
    await messageBox(visitor).fill('When are the aquatic therapy classes?');
    await messageBox(visitor).press('Enter');
    await expect(log.getByText(/Wednesday at 6:30 PM/)).toBeVisible({ timeout: 15_000 });
    await expect(log.getByRole('link', { name: PAGE_TITLE })).toHaveAttribute(
      'href',
      `${siteOrigin}/aquatic`,
    );
    await visitorInert(visitor, 'the widget');
    await visitorContext.close();

    // The owner console: the answer's source passages, shown as the document has them.
    await page.goto(DASHBOARD);
    await card(page, BOT_NAME).getByRole('button', { name: 'Chat' }).click();
    await expect(page).toHaveURL(/\/workflow\/chat$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Test ${BOT_NAME}`);
    await messageBox(page).fill('When are you open?');
    await messageBox(page).press('Enter');
    const chat = page.getByRole('log', { name: 'Messages' });
    await expect(chat.getByText(/Monday to Friday/).first()).toBeVisible({ timeout: 15_000 });
    await chat
      .getByText(/source passages?$/)
      .first()
      .click();
    await expect(chat.locator('blockquote', { hasText: PAYLOAD.script }).first()).toBeVisible();
    await expectInert(page, 'the owner console');
  });

  test('contact messages, a phone agent request, user and bot names: /workflow/complete and /ai-admin', async ({
    page,
    browser,
  }) => {
    test.slow(); // Five onboarding steps, then four staff lists.
    const bot = await hostileBot();
    const expectInert = await watch(page.context());
    const mark = tag();
    // Markup in an address is refused at the door (api/contact.test.ts); the other fields keep theirs.
    const sender = `mallory.${mark}@example.com`;
    const sent = await page.request.post(API.contactMessages, {
      data: {
        name: hostileShort('Mallory'),
        email: sender,
        company: hostileShort('Evil Corp'),
        subject: hostileShort('Partner application'),
        message: hostile(`Hello (${mark}).`),
      },
    });
    expect(sent.status()).toBe(200);

    // The phone agent onboarding: the owner's name, a hostile website address and the bot's name as a document.
    const website = `https://hostile.example/?q=${PAYLOAD.svg.replace(' ', '/')}`;
    await signIn(page, bot.account);
    await expect(page).toHaveURL(/\/dashboard\/bots$/);
    await page.goto('/workflow/personalize/step1');
    await expect(page.getByLabel('Your name')).toHaveValue(bot.account.name);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('radio', { name: /Pro/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Business website (optional)').fill(website);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/step4$/);
    await page.getByRole('checkbox', { name: BOT_NAME }).check();
    await expectInert(page, 'the documents step');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('radio', { name: /Phone agent/ }).check();
    await page.getByRole('radio', { name: /A new local number/ }).check();
    await page.getByRole('radio', { name: /Warm/ }).check();
    await page.getByRole('button', { name: 'Send request' }).click();

    await expect(page).toHaveURL(/\/workflow\/complete$/);
    await expect(page.getByRole('heading', { name: VOICE_AGENT_MSG.completeTitle })).toBeVisible();
    const summary = page.getByRole('definition');
    for (const text of [bot.account.name, website, BOT_NAME])
      await expect(summary.filter({ hasText: text })).toHaveText(text);
    await expectInert(page, '/workflow/complete');

    // Staff read all of it as text.
    const staffContext = await browser.newContext({ bypassCSP: true, storageState: sessionOf('staff') });
    const staffInert = await watch(staffContext);
    const staff = await staffContext.newPage();
    const email = encodeURIComponent(bot.account.email);
    const lists = [
      { list: 'users', q: email, table: 'Users', texts: [bot.account.name] },
      { list: 'bots', q: email, table: 'Bots', texts: [BOT_NAME] },
      {
        list: 'messages',
        q: mark,
        table: 'Contact messages',
        texts: [
          hostileShort('Mallory'),
          sender,
          hostileShort('Evil Corp'),
          hostileShort('Partner application'),
          hostile(`Hello (${mark}).`),
        ],
      },
      { list: 'requests', q: email, table: 'Voice agent requests', texts: [bot.account.name, website] },
    ];
    for (const { list, q, table, texts } of lists) {
      await staff.goto(`/ai-admin?list=${list}&q=${q}`);
      const rows = staff.getByRole('table', { name: table }).getByRole('row');
      await expect(rows).toHaveCount(2);
      await staffInert(staff, `the admin list of ${table}`);
      for (const text of texts) await expect(rows.last()).toContainText(text);
    }
    await staffContext.close();
  });
});
