import {
  API,
  MESSAGES_PER_DAY,
  VISITOR_ID_HEADER,
  chatResponseSchema,
  conversationsResponseSchema,
  listBotsResponseSchema,
  parseReply,
} from '@vuxo/shared';
import { testDatabases } from '../support/databases.js';
import { bearer, type TestApp } from '../support/test-app.js';
import { createReadyBot, startChatApp, type ReadyBot } from '../engine/answer/chat-fixtures.js';

const PARTITIONED =
  /^vuxo_vid=([\w-]+\.[\w-]+); Path=\/api; Max-Age=\d+; HttpOnly; SameSite=None; Secure; Partitioned$/;

/**
 * Decision 061: the widget on the owner's website is a third-party iframe, where a browser may refuse its
 * storage and its ordinary cookies. The visitor id then travels in a partitioned cookie (or the frame's memory),
 * so one visitor's messages stay one visitor: one conversation in the log, the export and the counts.
 */
describe.each(testDatabases())(
  'one visitor, one conversation, in a third-party frame ($name)',
  (database) => {
    let t: TestApp;
    let bot: ReadyBot;
    let subnet = 0;
    const newAddress = () => `10.61.${++subnet}.${database.name === 'sqlite' ? 1 : 2}`;

    beforeAll(async () => {
      // Behind a TLS proxy, as in production: the proxy says the request came over https.
      t = await startChatApp({ database, env: { TRUST_PROXY: '1' }, chat: { ratePerMinute: null } });
      bot = await createReadyBot(t);
    });
    afterAll(() => t.close());

    const ask = (address: string, message: string, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: API.chat,
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': address, 'x-forwarded-proto': 'https', ...headers },
        payload: { botConfigId: bot.shareId, message, history: [] },
      });
    const asOwner = () => ({ headers: bearer(bot.ownerToken) });

    it('keeps the id in a partitioned cookie: ten questions with only it are one conversation everywhere', async () => {
      const address = newAddress();
      const first = await ask(address, 'Question 1: is parking available?');
      expect(first.statusCode, first.body).toBe(200);
      const cookie = PARTITIONED.exec(String(first.headers['set-cookie']));
      expect(cookie, String(first.headers['set-cookie'])).not.toBeNull();
      const visitorId = parseReply(chatResponseSchema, first.json()).visitorId;
      expect(cookie![1]).toBe(visitorId);

      // The frame's storage is blocked: no header, only the cookie the browser keeps for this website.
      for (let i = 2; i <= 10; i++) {
        const res = await ask(address, `Question ${i}: is parking available?`, {
          cookie: `vuxo_vid=${visitorId}`,
        });
        expect(res.statusCode, res.body).toBe(200);
        const body = parseReply(chatResponseSchema, res.json());
        expect(body.visitorId).toBe(visitorId);
        // The daily limit is the same visitor's too.
        expect(body.messagesLeft).toBe(MESSAGES_PER_DAY - i);
        expect(res.headers['set-cookie']).toBeUndefined();
      }
      await new Promise((resolve) => setTimeout(resolve, 400)); // The log is written a moment after the reply.

      const log = await t.app.inject({
        method: 'GET',
        url: `${API.botConversations}?botId=${bot.botId}`,
        ...asOwner(),
      });
      const { conversations, total } = parseReply(conversationsResponseSchema, log.json());
      expect(total).toBe(1);
      expect(conversations[0]!.messages.filter((m) => m.role === 'user').map((m) => m.content)).toEqual(
        Array.from({ length: 10 }, (_, i) => `Question ${i + 1}: is parking available?`),
      );

      const csv = await t.app.inject({
        method: 'GET',
        url: `${API.botConversationsCsv}?botId=${bot.botId}`,
        ...asOwner(),
      });
      const rows = csv.body.trim().split('\r\n').slice(1);
      expect(rows).toHaveLength(10);
      expect(new Set(rows.map((row) => row.split(',')[0])).size).toBe(1);

      const list = await t.app.inject({ method: 'GET', url: API.listBots, ...asOwner() });
      const summary = parseReply(listBotsResponseSchema, list.json()).bots.find((b) => b.botId === bot.botId);
      expect(summary!.last7Days).toMatchObject({ conversations: 1, messages: 10 });
    });

    it('takes the cookie when the id sent in the header is not one the server signed', async () => {
      const address = newAddress();
      const first = await ask(address, 'Where do I park?');
      const visitorId = parseReply(chatResponseSchema, first.json()).visitorId ?? '';
      const [random = '', mac = ''] = visitorId.split('.');
      const forged = `${random}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
      const res = await ask(address, 'Where do I park?', {
        [VISITOR_ID_HEADER]: forged,
        cookie: `other=1; vuxo_vid=${visitorId}`,
      });
      const body = parseReply(chatResponseSchema, res.json());
      expect(body.visitorId).toBe(visitorId);
      expect(body.messagesLeft).toBe(MESSAGES_PER_DAY - 2);
      // A forged id alone is a new visitor, never the one it imitates.
      const alone = await ask(address, 'Where do I park?', { [VISITOR_ID_HEADER]: forged });
      expect(parseReply(chatResponseSchema, alone.json()).visitorId).not.toBe(visitorId);
      expect(parseReply(chatResponseSchema, alone.json()).visitorId).not.toBe(forged);
    });

    it('sets the partitioned cookie over plain http from a local host, and SameSite=Lax from any other', async () => {
      const over = (host: string) =>
        t.app.inject({
          method: 'POST',
          url: API.chat,
          remoteAddress: newAddress(),
          headers: { host },
          payload: { botConfigId: bot.shareId, message: 'Where do I park?', history: [] },
        });
      for (const host of ['localhost:3000', '127.0.0.1:3000', 'app.localhost'])
        expect(String((await over(host)).headers['set-cookie']), host).toMatch(PARTITIONED);
      expect(String((await over('chat.example.org')).headers['set-cookie'])).toMatch(
        /; HttpOnly; SameSite=Lax$/,
      );
    });
  },
);
