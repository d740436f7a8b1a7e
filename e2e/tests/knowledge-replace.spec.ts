import type { Page } from '@playwright/test';
import { DOCUMENTS_MSG, INSIGHTS_MSG, SOURCES_MSG, documentsPerBotText } from '@vuxo/shared';
import { createReadyBot, expect, messageBox, test, type ReadyBot } from '../support/bots.ts';
import { apiUser, card, openDashboard, subscribe } from '../support/dashboard.ts';

const SALON = (haircut: string) => `# Prices
A women's haircut costs ${haircut}. A men's haircut costs $25. Colour starts at $80.

# Opening hours
We are open Tuesday to Saturday from 9am to 6pm.`;
/** Pages of the salon's archive, so the new document takes the rebuild a moment while the visitor asks. */
const ARCHIVE = Array.from(
  { length: 6_000 },
  (_, i) => `# Archive ${i}\nDelivery note ${i}: towels and shelving arrived on day ${i % 28}.`,
).join('\n\n');
const GIFT_CARDS = `# Gift cards
Gift cards are sold at the front desk in amounts of $30, $60 and $120, and never expire.`;
const PRICE_QUESTION = "How much is a women's haircut?";

const file = (name: string, text: string) => ({ name, mimeType: 'text/plain', buffer: Buffer.from(text) });

async function openBotPage(page: Page, bot: ReadyBot) {
  await openDashboard(page, bot.account);
  await card(page, bot.botName)
    .getByRole('link', { name: `${INSIGHTS_MSG.insightsLink}: ${bot.botName}` })
    .click();
  return page.getByRole('region', { name: SOURCES_MSG.title });
}

/** Asks in the widget and returns the bot's reply, once it has arrived whole. */
async function ask(visitor: Page, question: string): Promise<string> {
  const replies = visitor.getByRole('log', { name: 'Messages' }).locator('[data-position="left"]');
  // The welcome message first, so it is counted.
  await expect(replies.first()).toBeVisible();
  await expect(messageBox(visitor)).toBeEnabled();
  const before = await replies.count();
  await messageBox(visitor).fill(question);
  await messageBox(visitor).press('Enter');
  await expect(replies).toHaveCount(before + 1, { timeout: 15_000 });
  await expect(messageBox(visitor)).toBeEnabled({ timeout: 15_000 });
  return (await replies.last().textContent()) ?? '';
}

test('the owner replaces the document with new prices: the widget answers throughout, then with the new price', async ({
  page,
  browser,
}) => {
  test.slow();
  const bot = await createReadyBot({ name: 'Salon Replace', document: SALON('$40'), welcome: 'Hi!' });
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/embed/${bot.shareId}`);
  expect(await ask(visitor, PRICE_QUESTION)).toContain('$40');

  const sources = await openBotPage(page, bot);
  await expect(sources.getByText(SOURCES_MSG.documentSource('handbook.txt'))).toBeVisible();
  await sources
    .getByLabel(DOCUMENTS_MSG.replaceLabel('handbook.txt'))
    .setInputFiles(file('prices-2027.txt', `${SALON('$55')}\n\n${ARCHIVE}`));
  // While the new document is built, the bot still answers, from the old one or, once Ready, the new one.
  expect(await ask(visitor, PRICE_QUESTION)).toMatch(/\$40|\$55/);

  const replaced = sources.getByRole('listitem').filter({ hasText: 'prices-2027.txt' });
  await expect(replaced.getByText(SOURCES_MSG.status.ready)).toBeVisible({ timeout: 30_000 });
  await expect(sources.getByText(SOURCES_MSG.documentSource('handbook.txt'))).toHaveCount(0);
  const answer = await ask(visitor, PRICE_QUESTION);
  expect(answer).toContain('$55');
  expect(answer).not.toContain('$40');
  await visitorContext.close();
});

test('a Basic owner adds a second document and the bot answers from both', async ({ page, browser }) => {
  test.slow();
  const bot = await createReadyBot({ name: 'Salon Gifts', document: SALON('$40'), welcome: 'Hi!' });
  const sources = await openBotPage(page, bot);
  // The Free Trial holds one document per bot.
  await expect(sources.getByText(DOCUMENTS_MSG.upgrade)).toBeVisible();

  await subscribe(await apiUser(bot.account), 'basic');
  await page.reload();
  await expect(sources.getByText(DOCUMENTS_MSG.allowance(1, 3))).toBeVisible();
  await sources.getByLabel(DOCUMENTS_MSG.addDocument).setInputFiles(file('gift-cards.txt', GIFT_CARDS));
  const added = sources.getByRole('listitem').filter({ hasText: 'gift-cards.txt' });
  await expect(added.getByText(SOURCES_MSG.status.ready)).toBeVisible({ timeout: 30_000 });
  await expect(sources.getByText(DOCUMENTS_MSG.allowance(2, 3))).toBeVisible();

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/embed/${bot.shareId}`);
  expect(await ask(visitor, 'Do you sell gift cards?')).toContain('front desk');
  expect(await ask(visitor, PRICE_QUESTION)).toContain('$40');
  await visitorContext.close();

  await page.goto('/plans');
  await expect(page.getByText(documentsPerBotText(3))).toBeVisible();
});
