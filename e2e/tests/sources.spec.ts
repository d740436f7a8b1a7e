import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { INSIGHTS_MSG, SOURCES_MSG } from '@vuxo/shared';
import { expectAccessible } from '../support/axe.ts';
import { CLINIC_HANDBOOK, createReadyBot, expect, messageBox, test } from '../support/bots.ts';
import { apiUser, card, openDashboard, subscribe } from '../support/dashboard.ts';

/** The clinic's own website, on 127.0.0.1 (the server runs with ALLOW_PRIVATE_URLS=on for tests). */
const PAGE_TITLE = 'Aquatic therapy';
const PAGE_HTML =
  `<!doctype html><html><head><title>${PAGE_TITLE}</title></head><body><main><article>` +
  `<h1>${PAGE_TITLE}</h1><p>Aquatic therapy classes run in the community pool every Wednesday at 6:30 PM. ` +
  'A class costs $25 and is led by a physiotherapist.</p><p>Warm water eases the load on sore joints, ' +
  'so the classes suit clients recovering from knee surgery.</p></article></main></body></html>';

let site: Server;
let origin = '';

test.beforeAll(async () => {
  site = createServer((request, response) => {
    if (request.url === '/aquatic') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return response.end(PAGE_HTML);
    }
    response.writeHead(404, { 'content-type': 'text/plain' });
    response.end('Not found');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

test('a Basic owner adds a page of their website, and the widget answers from it, naming the page', async ({
  page,
  browser,
}) => {
  test.slow();
  const bot = await createReadyBot({
    name: 'Harbour Sources',
    document: CLINIC_HANDBOOK,
    welcome: 'Hi! Ask me anything.',
  });
  await openDashboard(page, bot.account);
  await card(page, bot.botName)
    .getByRole('link', { name: `${INSIGHTS_MSG.insightsLink}: ${bot.botName}` })
    .click();
  const sources = page.getByRole('region', { name: SOURCES_MSG.title });
  // The Free Trial sees the way to a plan with website sources.
  await expect(sources.getByText(SOURCES_MSG.upgrade)).toBeVisible();

  await subscribe(await apiUser(bot.account), 'basic');
  await page.reload();
  await expect(sources.getByText(SOURCES_MSG.allowance(0, 5))).toBeVisible();
  const address = sources.getByLabel(SOURCES_MSG.urlLabel);
  await address.fill('www.example.com');
  await sources.getByRole('button', { name: SOURCES_MSG.add }).click();
  await expect(sources.getByRole('alert')).toHaveText(SOURCES_MSG.urlInvalid);

  await address.fill(`${origin}/aquatic`);
  await sources.getByRole('button', { name: SOURCES_MSG.add }).click();
  const item = sources.getByRole('listitem').filter({ hasText: `${origin}/aquatic` });
  await expect(item.getByText(SOURCES_MSG.status.ready)).toBeVisible({ timeout: 30_000 });
  await expect(item.getByText(PAGE_TITLE, { exact: true })).toBeVisible();
  await expect(sources.getByText(SOURCES_MSG.allowance(1, 5))).toBeVisible();
  await expectAccessible(page, 'the sources panel');

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/embed/${bot.shareId}`);
  await messageBox(visitor).fill('When are the aquatic therapy classes?');
  await messageBox(visitor).press('Enter');
  const log = visitor.getByRole('log', { name: 'Messages' });
  await expect(log.getByText(/Wednesday at 6:30 PM/)).toBeVisible();
  await expect(log.getByRole('link', { name: PAGE_TITLE })).toHaveAttribute('href', `${origin}/aquatic`);

  // Removed, the page is no longer known. Removing rebuilds the bot's knowledge before it answers, work that
  // takes as long as reading the page in: on a busy machine, more than the default wait.
  await item.getByRole('button', { name: `${SOURCES_MSG.remove} ${PAGE_TITLE}` }).click();
  await expect(sources.getByText(SOURCES_MSG.empty)).toBeVisible({ timeout: 30_000 });
  await messageBox(visitor).fill('When are the aquatic therapy classes on Wednesday?');
  await messageBox(visitor).press('Enter');
  await expect(log.getByText('When are the aquatic therapy classes on Wednesday?')).toBeVisible();
  await expect(messageBox(visitor)).toBeEnabled({ timeout: 15_000 });
  await expect(log.getByText(/6:30 PM/)).toHaveCount(1);
  await visitorContext.close();
});
