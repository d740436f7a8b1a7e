import {
  API,
  ERROR_CODES,
  INSIGHTS_MSG,
  VISITOR_ID_HEADER,
  chatResponseSchema,
  conversationsResponseSchema,
  correctionsResponseSchema,
  botAnalyticsResponseSchema,
  listBotsResponseSchema,
  missedQuestionsResponseSchema,
  parseReply,
} from '@vuxo/shared';
import { chatRetention } from '../../src/services/insights/retention.js';
import { conversationLog } from '../../src/services/conversation-log.js';
import { testDatabases } from '../support/databases.js';
import { subscribe } from '../support/dashboard-owners.js';
import { bearer, type TestApp } from '../support/test-app.js';
import { createReadyBot, startChatApp, type ReadyBot } from '../engine/answer/chat-fixtures.js';

/** A question the Harbourview handbook does not answer, and the same question in other words. */
const MISSED = 'Do you offer dog grooming?';
const MISSED_AGAIN = 'Can I get my dog groomed?';
const OWNER_ANSWER = 'No, we treat people only: for pets, ask a groomer near you.';

describe.each(testDatabases())(
  'owner insights on $name: the log, missed questions, corrections and feedback',
  (database) => {
    let t: TestApp;
    let bot: ReadyBot;
    let other: ReadyBot;
    let address = 0;

    beforeAll(async () => {
      t = await startChatApp({ database });
      [bot, other] = await Promise.all([createReadyBot(t), createReadyBot(t, { name: 'Oscar Other' })]);
    });
    afterAll(() => t.close());

    /** A visitor of their own address, who keeps their visitor id from reply to reply. */
    function newVisitor() {
      const remoteAddress = `10.9.0.${++address}`;
      let id: string | undefined;
      return {
        async ask(message: string, target = bot) {
          const res = await t.app.inject({
            method: 'POST',
            url: API.chat,
            remoteAddress,
            headers: id ? { [VISITOR_ID_HEADER]: id } : {},
            payload: { botConfigId: target.shareId, message },
          });
          expect(res.statusCode, res.body).toBe(200);
          const body = parseReply(chatResponseSchema, res.json());
          id = body.visitorId;
          return body;
        },
        vote(messageId: string, vote: 'up' | 'down', target = bot) {
          return t.app.inject({
            method: 'POST',
            url: API.chatFeedback,
            remoteAddress,
            headers: id ? { [VISITOR_ID_HEADER]: id } : {},
            payload: { botConfigId: target.shareId, messageId, vote },
          });
        },
      };
    }

    const asOwner = (owner: ReadyBot) => ({ headers: bearer(owner.ownerToken) });
    const missed = async (owner = bot) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `${API.missedQuestions}?botId=${bot.botId}`,
        ...asOwner(owner),
      });
      expect(res.statusCode, res.body).toBe(200);
      return parseReply(missedQuestionsResponseSchema, res.json()).questions;
    };
    const saveCorrection = (payload: Record<string, unknown>, owner = bot) =>
      t.app.inject({
        method: 'POST',
        url: API.saveCorrection,
        ...asOwner(owner),
        payload: { botId: bot.botId, ...payload },
      });

    it("answers 404 for another owner's bot on every insight call", async () => {
      for (const url of [
        API.botConversations,
        API.botConversationsCsv,
        API.missedQuestions,
        API.corrections,
      ]) {
        const res = await t.app.inject({
          method: 'GET',
          url: `${url}?botId=${bot.botId}`,
          ...asOwner(other),
        });
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toMatchObject({ code: ERROR_CODES.botNotFound });
      }
      for (const [url, payload] of [
        [API.saveCorrection, { botId: bot.botId, question: 'Hours?', answer: 'Nine to five.' }],
        [API.deleteCorrection, { botId: bot.botId, id: 'cor_x' }],
        [API.deleteConversation, { botId: bot.botId, id: 'c_x' }],
        [API.dismissMissedQuestion, { botId: bot.botId, id: 'msg_x' }],
      ] as const) {
        const res = await t.app.inject({ method: 'POST', url, payload, ...asOwner(other) });
        expect(res.statusCode, url).toBe(404);
      }
      const anonymous = await t.app.inject({ method: 'GET', url: `${API.corrections}?botId=${bot.botId}` });
      expect(anonymous.statusCode).toBe(401);
    });

    it('a missed question becomes a correction that answers it in other words, until it is removed', async () => {
      const visitor = newVisitor();
      const first = await visitor.ask(MISSED);
      expect(first.messageId).toMatch(/^msg_/);
      expect(first.reply).not.toContain(OWNER_ANSWER);
      const before = await newVisitor().ask(MISSED_AGAIN);

      const listed = await missed();
      const question = listed.find((q) => q.text === MISSED_AGAIN || q.text === MISSED);
      expect(question, JSON.stringify(listed)).toMatchObject({ count: 2, declined: 2 });

      const saved = await saveCorrection({ question: MISSED, answer: OWNER_ANSWER });
      expect(saved.statusCode, saved.body).toBe(200);
      const { id } = saved.json() as { id: string };

      const corrected = await newVisitor().ask(MISSED_AGAIN);
      expect(corrected.reply).toContain(OWNER_ANSWER);
      expect(corrected.reply).toContain(INSIGHTS_MSG.ownerAnswerSource);
      expect((await missed()).map((q) => q.text)).not.toContain(MISSED);

      const list = await t.app.inject({
        method: 'GET',
        url: `${API.corrections}?botId=${bot.botId}`,
        ...asOwner(bot),
      });
      expect(parseReply(correctionsResponseSchema, list.json()).corrections).toEqual([
        expect.objectContaining({ id, question: MISSED, answer: OWNER_ANSWER }),
      ]);

      const edited = await saveCorrection({ id, question: MISSED, answer: 'We only treat people.' });
      expect(edited.statusCode).toBe(200);
      expect((await newVisitor().ask(MISSED)).reply).toContain('We only treat people.');

      const removed = await t.app.inject({
        method: 'POST',
        url: API.deleteCorrection,
        ...asOwner(bot),
        payload: { botId: bot.botId, id },
      });
      expect(removed.statusCode).toBe(200);
      const after = await newVisitor().ask(MISSED_AGAIN);
      // The document's answer again, as before the correction.
      expect(after.reply).toBe(before.reply);
    });

    it('a declined question says why in the missed questions, and its visitor is never told', async () => {
      const question = 'Do you accept Amex cards?';
      const res = await t.app.inject({
        method: 'POST',
        url: API.chat,
        remoteAddress: `10.9.0.${++address}`,
        payload: { botConfigId: bot.shareId, message: question },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toMatch(/declineReason|decline_reason|absent-word|"rule"/);
      expect(res.body.toLowerCase()).not.toContain('never mentions');

      const listed = (await missed()).find((q) => q.text === question);
      expect(listed, JSON.stringify(await missed())).toMatchObject({
        declined: 1,
        reason: { rule: 'absent-word', words: ['amex'] },
      });
      expect(INSIGHTS_MSG.missedReason(listed!.reason!)).toBe('Your document never mentions "amex".');
    });

    it('a correction does not answer a different question', async () => {
      const saved = await saveCorrection({ question: 'Are you open on Saturday?', answer: 'Yes, 9 to 1.' });
      expect(saved.statusCode).toBe(200);
      const reply = (await newVisitor().ask('Are you open on Sunday?')).reply;
      expect(reply).not.toContain('Yes, 9 to 1.');
      expect((await newVisitor().ask('Saturday opening hours?')).reply).toContain('Yes, 9 to 1.');
    });

    it("a saved answer answers its question in other words, not another's, and the owner sees which it answered", async () => {
      const saved = await saveCorrection({ question: "How much is a women's haircut?", answer: 'From $45.' });
      expect(saved.statusCode, saved.body).toBe(200);
      const { id } = saved.json() as { id: string };
      for (const paraphrase of [
        'ladies cut',
        'how much for a haircut for women',
        "what does a woman's cut cost",
      ]) {
        expect((await newVisitor().ask(paraphrase)).reply, paraphrase).toContain('From $45.');
        // "Lately" orders by the time asked, kept to the millisecond: two questions in one are a tie.
        await new Promise((resolve) => setTimeout(resolve, 3));
      }
      expect((await newVisitor().ask("How much is a men's haircut?")).reply).not.toContain('From $45.');

      const list = await t.app.inject({
        method: 'GET',
        url: `${API.corrections}?botId=${bot.botId}`,
        ...asOwner(bot),
      });
      const correction = parseReply(correctionsResponseSchema, list.json()).corrections.find(
        (c) => c.id === id,
      );
      expect(correction?.answered).toEqual({
        count: 3,
        recent: ["what does a woman's cut cost", 'how much for a haircut for women', 'ladies cut'],
      });
      expect(INSIGHTS_MSG.correctionAnswered(3)).toBe('Given for 3 visitor questions, lately:');
    });

    it('refuses an empty or too long correction with its message', async () => {
      const empty = await saveCorrection({ question: ' ', answer: 'x' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toMatchObject({ error: INSIGHTS_MSG.correctionQuestionRequired });
      const long = await saveCorrection({ question: 'Hours?', answer: 'x'.repeat(2001) });
      expect(long.statusCode).toBe(400);
      expect(long.json()).toMatchObject({ error: INSIGHTS_MSG.correctionAnswerTooLong(2000) });
      const unknown = await saveCorrection({ id: 'cor_missing', question: 'Hours?', answer: 'Nine.' });
      expect(unknown.statusCode).toBe(404);
    });

    it('one vote per answer by its visitor; a thumbs down lists the question as missed', async () => {
      const visitor = newVisitor();
      const answered = await visitor.ask('How much is an initial assessment?');
      expect(answered.messageId).toBeDefined();
      const down = await visitor.vote(answered.messageId!, 'down');
      expect(down.statusCode, down.body).toBe(200);
      const again = await visitor.vote(answered.messageId!, 'up');
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        code: ERROR_CODES.alreadyRated,
        error: INSIGHTS_MSG.alreadyRated,
      });
      // Someone else cannot rate the visitor's answer, nor can anyone rate it through another bot.
      expect((await newVisitor().vote(answered.messageId!, 'up')).statusCode).toBe(404);
      expect((await visitor.vote(answered.messageId!, 'up', other)).statusCode).toBe(404);

      const listed = (await missed()).find((q) => q.text === 'How much is an initial assessment?');
      // Rated down, not declined: no reason to show.
      expect(listed).toMatchObject({ count: 1, downVotes: 1, declined: 0, reason: null });
      const dismissed = await t.app.inject({
        method: 'POST',
        url: API.dismissMissedQuestion,
        ...asOwner(bot),
        payload: { botId: bot.botId, id: listed!.id },
      });
      expect(dismissed.statusCode).toBe(200);
      expect((await missed()).map((q) => q.text)).not.toContain('How much is an initial assessment?');
    });

    it('lists conversations by visitor and day, searches them, exports CSV and deletes one', async () => {
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
        'conversation,visitor,asked_at,question,answer,kind,sources,vote',
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
      await visitor.ask('Where do I park?', other);
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
