import {
  API,
  ERROR_CODES,
  botAnalyticsResponseSchema,
  chatResponseSchema,
  conversationsResponseSchema,
  listBotsResponseSchema,
  parseReply,
} from '@vuxo/shared';
import { chatRetention } from '../../src/services/insights/retention.js';
import { conversationLog } from '../../src/services/conversation-log.js';
import { chatVisitor } from '../support/chat-visitors.js';
import { testDatabases } from '../support/databases.js';
import { subscribe } from '../support/dashboard-owners.js';
import { bearer, type TestApp } from '../support/test-app.js';
import { startWithTwoBots, type ReadyBot } from '../engine/answer/chat-fixtures.js';

/** A question the Harbourview handbook does not answer. */
const MISSED = 'Do you offer dog grooming?';

describe.each(testDatabases())(
  "owner insights on $name: the conversation log, the dashboard's counts, analytics per plan and retention",
  (database) => {
    let t: TestApp;
    let bot: ReadyBot;
    let other: ReadyBot;
    let address = 0;

    beforeAll(async () => ({ t, bot, other } = await startWithTwoBots(database)));
    afterAll(() => t.close());

    const newVisitor = () => chatVisitor(t, bot, `10.9.0.${++address}`);
    const asOwner = (owner: ReadyBot) => ({ headers: bearer(owner.ownerToken) });

    it('lists conversations by visitor and day, searches them, exports CSV and deletes one', async () => {
      await newVisitor().ask('When are you open?');
      const visitor = newVisitor();
      await visitor.ask('Where do I park?');
      await visitor.ask('=cmd|calc');
      const res = await t.app.inject({
        method: 'GET',
        url: `${API.botConversations}?botId=${bot.botId}&q=${encodeURIComponent('park')}`,
        ...asOwner(bot),
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = parseReply(conversationsResponseSchema, res.json());
      expect(body.total).toBe(1);
      const [conversation] = body.conversations;
      expect(
        conversation!.messages.map((m) => [m.role, m.role === 'user' ? m.content : typeof m.content]),
      ).toEqual([
        ['user', 'Where do I park?'],
        ['assistant', 'string'],
        ['user', '=cmd|calc'],
        ['assistant', 'string'],
      ]);
      expect(conversation!.visitor).not.toContain('10.9.0');

      const all = await t.app.inject({
        method: 'GET',
        url: `${API.botConversations}?botId=${bot.botId}`,
        ...asOwner(bot),
      });
      expect(parseReply(conversationsResponseSchema, all.json()).total).toBeGreaterThan(1);

      const csv = await t.app.inject({
        method: 'GET',
        url: `${API.botConversationsCsv}?botId=${bot.botId}`,
        ...asOwner(bot),
      });
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toMatch(/^text\/csv/);
      expect(csv.body.split('\r\n')[0]).toBe(
        'conversation,visitor,asked_at,question,answer,kind,sources,vote,author',
      );
      expect(csv.body).toContain('"Where do I park?"');
      // A cell a spreadsheet would run as a formula is written as text.
      expect(csv.body).toContain(`"'=cmd|calc"`);

      const deleted = await t.app.inject({
        method: 'POST',
        url: API.deleteConversation,
        ...asOwner(bot),
        payload: { botId: bot.botId, id: conversation!.id },
      });
      expect(deleted.statusCode).toBe(200);
      const after = await t.app.inject({
        method: 'GET',
        url: `${API.botConversations}?botId=${bot.botId}&q=park`,
        ...asOwner(bot),
      });
      expect(parseReply(conversationsResponseSchema, after.json()).total).toBe(0);
    });

    it("keeps the owner's own tests out of the log", async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: API.chat,
        ...asOwner(other),
        payload: { botConfigId: other.botId, message: 'Owner test question about parking' },
      });
      expect(res.statusCode).toBe(200);
      expect(parseReply(chatResponseSchema, res.json()).messageId).toBeUndefined();
      const log = await t.app.inject({
        method: 'GET',
        url: `${API.botConversations}?botId=${other.botId}`,
        ...asOwner(other),
      });
      expect(parseReply(conversationsResponseSchema, log.json()).total).toBe(0);
    });

    it("the dashboard's list counts each bot's last 7 days: conversations, messages, answered", async () => {
      const visitor = newVisitor();
      await visitor.ask('What is your phone number?', other);
      await visitor.ask(MISSED, other);
      await new Promise((resolve) => setTimeout(resolve, 400)); // The log is written a moment after the reply.
      const res = await t.app.inject({ method: 'GET', url: API.listBots, ...asOwner(other) });
      const [summary] = parseReply(listBotsResponseSchema, res.json()).bots;
      expect(summary!.last7Days).toEqual({ conversations: 1, messages: 2, answered: 1 });
    });

    it('gives each plan its analytics: none on the Free Trial, 30 days on Basic, 12 months and hours on Pro', async () => {
      const visitor = newVisitor();
      await visitor.ask('How much is an initial assessment?', other);
      await visitor.ask('What does an initial assessment cost?', other);
      await visitor.ask(MISSED, other);
      const analytics = async () => {
        const res = await t.app.inject({
          method: 'GET',
          url: `${API.botAnalytics}?botId=${other.botId}`,
          ...asOwner(other),
        });
        expect(res.statusCode, res.body).toBe(200);
        return parseReply(botAnalyticsResponseSchema, res.json());
      };
      const csv = () =>
        t.app.inject({
          method: 'GET',
          url: `${API.botAnalyticsCsv}?botId=${other.botId}`,
          ...asOwner(other),
        });
      expect(await analytics()).toEqual({ level: 'none', days: [], topics: [] });
      expect((await csv()).json()).toMatchObject({ code: ERROR_CODES.planRequired });
      const forbidden = await t.app.inject({
        method: 'GET',
        url: `${API.botAnalytics}?botId=${other.botId}`,
        ...asOwner(bot),
      });
      expect(forbidden.statusCode).toBe(404);

      const owner = { token: other.ownerToken, uid: other.ownerUid, email: '' };
      await subscribe(t, owner, 'basic');
      const basic = await analytics();
      expect(basic.level).toBe('basic');
      expect(basic.days).toHaveLength(30);
      const today = basic.days.at(-1)!;
      expect(today.date).toBe(new Date().toISOString().slice(0, 10));
      expect(today.answered + today.declined).toBeGreaterThanOrEqual(3);
      expect(today.declined).toBeGreaterThanOrEqual(1);
      // The two wordings of one question are one topic, asked twice.
      expect(basic.topics[0]).toMatchObject({ count: 2 });
      expect(basic.months).toBeUndefined();
      expect((await csv()).statusCode).toBe(403);

      await t.database.db.deleteFrom('subscriptions').where('user_id', '=', other.ownerUid).execute();
      await subscribe(t, owner, 'pro');
      const pro = await analytics();
      expect(pro.level).toBe('advanced');
      expect(pro.months).toHaveLength(12);
      expect(pro.months!.at(-1)!.month).toBe(new Date().toISOString().slice(0, 7));
      expect(pro.hours).toHaveLength(24);
      expect(pro.hours!.reduce((a, b) => a + b, 0)).toBe(today.answered + today.declined);
      const figures = await csv();
      expect(figures.statusCode).toBe(200);
      const lines = figures.body.trim().split('\r\n');
      expect(lines[0]).toBe('date,answered,not_answered');
      expect(lines).toHaveLength(366);
    });

    it('removes messages older than the retention period', async () => {
      const { db } = t.database;
      const log = conversationLog({ db, logger: { error: () => undefined } });
      const insights = chatRetention({ db });
      const day = 24 * 60 * 60 * 1000;
      log.record(
        {
          botId: bot.botId,
          visitorId: 'v.old',
          question: 'Old question',
          reply: 'Old',
          kind: 'answer',
          sources: [],
        },
        new Date(Date.now() - 91 * day),
      );
      log.record(
        {
          botId: bot.botId,
          visitorId: 'v.new',
          question: 'Recent question',
          reply: 'New',
          kind: 'answer',
          sources: [],
        },
        new Date(Date.now() - 89 * day),
      );
      await log.flush();
      expect(await insights.removeExpired(90)).toBe(1);
      const left = await db
        .selectFrom('chat_messages')
        .select('question')
        .where('bot_id', '=', bot.botId)
        .execute();
      expect(left.map((row) => row.question)).toContain('Recent question');
      expect(left.map((row) => row.question)).not.toContain('Old question');
    });
  },
);
