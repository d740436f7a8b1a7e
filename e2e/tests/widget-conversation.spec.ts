import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API, INSIGHTS_MSG, MESSAGES_PER_DAY, conversationsResponseSchema, parseReply } from '@vuxo/shared';
import { E2E_PORT } from '../support/env.ts';
import { CLINIC_HANDBOOK, CLINIC_WELCOME, createReadyBot, expect, test } from '../support/bots.ts';
import { apiUser, card, listBots, openDashboard } from '../support/dashboard.ts';

/**
 * Issue 31 point 5 (decision 061): on the owner's own website the widget's iframe is third-party, and this
 * Chromium, as many browsers, refuses such a frame its storage and its ordinary cookies. A visitor's ten
 * questions there, across two pages of the site, are still one visitor: one conversation in the owner's log,
 * export and counts.
 */
const APP_ORIGIN = `http://localhost:${E2E_PORT}`;
const QUESTIONS = [
  'What are your opening hours?',
  'Are you open on Saturday?',
  'How much is a consultation?',
  'How much is a follow-up visit?',
  'Is there parking?',
  'Where can I park?',
  'How do I book?',
  'Can I cancel?',
  'How much notice do you need to cancel?',
  'Do you have a price list?',
];

function hostPage(shareId: string, title: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body>
<h1>${title}</h1>
<p>Physiotherapy and massage in the harbour district.</p>
<a href="/prices">Prices</a>
<script src="${APP_ORIGIN}/widget.js" data-bot="${shareId}" data-prewarm="false" async></script>
</body></html>`;
}

let server: Server;
let hostOrigin = '';
let shareId = '';

test.beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/' || path === '/prices') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(hostPage(shareId, path === '/' ? 'Harbour Clinic' : 'Harbour Clinic prices'));
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  hostOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

test('ten questions through the widget on another website are one conversation', async ({ page }) => {
  test.slow();
  // A bot of its own, so its log holds this visitor's conversation alone.
  const bot = await createReadyBot({
    name: 'Harbour Sitting',
    document: CLINIC_HANDBOOK,
    welcome: CLINIC_WELCOME,
  });
  shareId = bot.shareId;
  const chat = page.frameLocator('iframe[title="Chat"]');
  const panel = chat.getByRole('region', { name: `Chat with ${bot.botName}` });

  async function openChat() {
    await page.getByRole('button', { name: 'Open chat' }).click();
    await expect(panel).toBeVisible();
  }
  async function ask(index: number) {
    const box = chat.getByRole('textbox', { name: 'Message' });
    await box.fill(QUESTIONS[index]!);
    await box.press('Enter');
    // The server's own count: it goes down only if every message comes from the same visitor.
    await expect(
      panel.getByText(`Messages left: ${MESSAGES_PER_DAY - index - 1}/${MESSAGES_PER_DAY}`),
    ).toBeVisible();
  }

  await page.goto(hostOrigin);
  await openChat();
  for (let i = 0; i < 6; i++) await ask(i);

  // The visitor goes on to another page of the site: the frame is new, and the rest of the questions with it.
  await page.getByRole('link', { name: 'Prices' }).click();
  await expect(page).toHaveURL(`${hostOrigin}/prices`);
  await openChat();
  for (let i = 6; i < QUESTIONS.length; i++) await ask(i);

  // The owner's log, its export and the week's count: one conversation of ten questions.
  const owner = await apiUser(bot.account);
  const auth = { authorization: `Bearer ${owner.token}` };
  await expect
    .poll(async () => {
      const res = await fetch(`${APP_ORIGIN}${API.botConversations}?botId=${bot.botId}`, { headers: auth });
      const { conversations, total } = parseReply(conversationsResponseSchema, await res.json());
      return {
        total,
        questions: conversations[0]?.messages.filter((m) => m.role === 'user').map((m) => m.content),
      };
    })
    .toEqual({ total: 1, questions: QUESTIONS });
  const csv = await (
    await fetch(`${APP_ORIGIN}${API.botConversationsCsv}?botId=${bot.botId}`, { headers: auth })
  ).text();
  const rows = csv.trim().split('\r\n').slice(1);
  expect(rows).toHaveLength(10);
  expect(new Set(rows.map((row) => row.split(',')[0])).size).toBe(1);
  const summary = (await listBots(owner)).find((b) => b.botId === bot.botId);
  expect(summary?.last7Days).toMatchObject({ conversations: 1, messages: 10 });

  // …as the owner sees it on the bot's page.
  await openDashboard(page, bot.account);
  await card(page, bot.botName)
    .getByRole('link', { name: `${INSIGHTS_MSG.insightsLink}: ${bot.botName}` })
    .click();
  const conversations = page.getByRole('region', { name: INSIGHTS_MSG.conversationsTitle });
  await expect(conversations.getByText(INSIGHTS_MSG.messageCount(10))).toHaveCount(1);
});
