import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API, INSIGHTS_MSG, SOURCES_MSG, type KeyFactsResponse } from '@vuxo/shared';
import { expectAccessible } from '../support/axe.ts';
import { CLINIC_HANDBOOK, createReadyBot, expect, test } from '../support/bots.ts';
import { apiUser, card, openDashboard, subscribe } from '../support/dashboard.ts';
import { BASE_URL } from '../support/world.ts';

/** The business's price page on 127.0.0.1 (the server runs with ALLOW_PRIVATE_URLS=on for tests); its price changes. */
const TITLE = 'Grooming prices';
let price = '$45';
const pageHtml = () =>
  `<!doctype html><html><head><title>${TITLE}</title></head><body><main><article><h1>${TITLE}</h1>` +
  `<h2>Prices</h2><ul><li>Full groom: ${price}</li><li>Nail trim: $15</li></ul>` +
  `<p>A full groom takes two hours.</p></article></main></body></html>`;

let site: Server;
let origin = '';

test.beforeAll(async () => {
  site = createServer((request, response) => {
    if (request.url === '/groom') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return response.end(pageHtml());
    }
    response.writeHead(404, { 'content-type': 'text/plain' });
    response.end('Not found');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

test('the owner sees what changed on a page and takes the website’s new price over their own', async ({
  page,
}) => {
  test.slow();
  const bot = await createReadyBot({ name: 'Harbour Grooming', document: CLINIC_HANDBOOK, welcome: 'Hi!' });
  const owner = await apiUser(bot.account);
  await subscribe(owner, 'basic');
  const call = async (path: string, body?: object) => {
    const res = await fetch(`${BASE_URL}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
      ...(body ? { body: JSON.stringify({ botId: bot.botId, ...body }) } : {}),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return res.json() as Promise<unknown>;
  };
  await call(API.addBotSource, { url: `${origin}/groom`, kind: 'page' });
  // The owner once corrected the groom's price by hand: $48.
  const ready = async () => {
    const facts = (await call(`${API.keyFacts}?botId=${bot.botId}`)) as KeyFactsResponse;
    return facts.facts.prices.some((p) => p.item === 'Full groom') ? facts : null;
  };
  await expect.poll(ready, { timeout: 30_000 }).not.toBeNull();
  const { facts } = (await ready())!;
  const prices = facts.prices.map((p) => (p.item === 'Full groom' ? { ...p, price: '$48' } : p));
  await call(API.saveKeyFacts, { facts: { ...facts, prices } });

  await openDashboard(page, bot.account);
  await card(page, bot.botName)
    .getByRole('link', { name: `${INSIGHTS_MSG.insightsLink}: ${bot.botName}` })
    .click();
  const sources = page.getByRole('region', { name: SOURCES_MSG.title });
  const item = sources.getByRole('listitem').filter({ hasText: `${origin}/groom` });
  await expect(item.getByText(SOURCES_MSG.status.ready)).toBeVisible({ timeout: 30_000 });

  // The website changes its price; the owner has it read now.
  price = '$50';
  await item.getByRole('button', { name: `${SOURCES_MSG.refresh} ${TITLE}` }).click();
  const changed = item.getByRole('region', { name: /^What changed on / });
  await expect(changed).toBeVisible({ timeout: 30_000 });
  await expect(changed.getByText('Price of Full groom: $45 → $50')).toBeVisible();
  await expect(changed.getByRole('list', { name: SOURCES_MSG.added })).toContainText('Full groom: $50');
  await expect(changed.getByRole('list', { name: SOURCES_MSG.removed })).toContainText('Full groom: $45');
  await expect(changed.getByText(SOURCES_MSG.websiteNowSays('Price of Full groom', '$50'))).toBeVisible();

  await expectAccessible(page, 'what changed, on the sources panel');

  await changed.getByRole('button', { name: SOURCES_MSG.takeIt }).click();
  await expect(changed.getByRole('button', { name: SOURCES_MSG.takeIt })).toHaveCount(0);
  const after = (await call(`${API.keyFacts}?botId=${bot.botId}`)) as KeyFactsResponse;
  expect(after.facts.prices).toContainEqual(expect.objectContaining({ item: 'Full groom', price: '$50' }));
});
