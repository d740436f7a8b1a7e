import {
  API,
  API_ERROR,
  PLANS,
  apiConversationSchema,
  apiConversationsResponseSchema,
  apiMessageResponseSchema,
  chatResponseSchema,
  conversationsResponseSchema,
  parseReply,
} from '@vuxo/shared';
import { subscribe } from '@vuxo/testkit';
import { secondsToNextDay } from '../../src/services/public-api/api-chat.js';
import { testDatabases } from '../support/databases.js';
import {
  conversationUrl,
  conversationsUrl,
  createKey,
  keyUrl,
  refusal,
  sendMessage,
  eventsOf,
  setDailyCount,
} from '../support/public-api.js';
import { bearer, type TestApp } from '../support/test-app.js';
import { createReadyBot, startChatApp, type ReadyBot } from '../engine/answer/chat-fixtures.js';

/** A person's messages a day in this file (the widget visitor's too), small enough to reach. */
const DAILY = 4;
const FRIDAY = 'What time do you open on Friday?';
const SATURDAY = 'and on Saturday?';

/** The public API's chat (decision 108): the widget's answer, logged as `api`, continued by id, limited per key. */
describe.each(testDatabases())('public API chat ($name)', (database) => {
  let t: TestApp;
  let bot: ReadyBot;
  let key: string;
  let address = 0;

  beforeAll(async () => {
    t = await startChatApp({ database, chat: { dailyLimit: DAILY } });
    bot = await createReadyBot(t);
    await subscribe(t.database.db, bot.ownerUid, 'basic');
    key = (await createKey(t, { token: bot.ownerToken }, bot.botId)).key;
  });
  afterAll(() => t.close());

  /** The widget's answer to a new visitor, with the history the widget would send. */
  const widget = async (message: string, history: { role: 'user' | 'assistant'; content: string }[] = []) => {
    const res = await t.app.inject({
      method: 'POST',
      url: API.chat,
      remoteAddress: `10.78.0.${++address}`,
      payload: { botConfigId: bot.shareId, message, history },
    });
    expect(res.statusCode, res.body).toBe(200);
    return parseReply(chatResponseSchema, res.json());
  };
  const ask = async (payload: Record<string, unknown>, withKey = key) => {
    const res = await sendMessage(t, withKey, bot.botId, payload);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    return apiMessageResponseSchema.parse(res.json());
  };

  it("answers as JSON and as Server-Sent Events with the widget's answer", async () => {
    const expected = await widget(FRIDAY);
    expect(expected.reply).toContain('Friday');

    const json = await ask({ message: FRIDAY });
    expect(json.reply).toBe(expected.reply);
    expect(json.sources).toEqual(expected.sources);
    expect(json.conversationId).toMatch(/^c_/);
    expect(json.messageId).toMatch(/^msg_/);

    const res = await sendMessage(t, key, bot.botId, { message: FRIDAY, stream: true });
    expect(res.statusCode).toBe(200);
    const events = eventsOf(res);
    expect(events.map((e) => e.event)).toEqual(['delta', 'sources', 'done']);
    const deltas = events.filter((e) => e.event === 'delta').map((e) => (e.data as { text: string }).text);
    expect(deltas.join('')).toBe(expected.reply);
    expect(events[1]!.data).toEqual({ sources: expected.sources });
    const done = apiMessageResponseSchema.parse(events[2]!.data);
    expect(done).toMatchObject({ reply: expected.reply, sources: expected.sources });
    expect(done.conversationId).not.toBe(json.conversationId);
  });

  it('continues a conversation by its id, logs it in the owner\'s conversations as "api", and reads it back', async () => {
    const first = await ask({ message: FRIDAY, visitorId: 'crm-contact-17' });
    const next = await ask({ message: SATURDAY, conversationId: first.conversationId });
    // The widget's answer given the same history: the follow-up is read with the first exchange.
    const expected = await widget(SATURDAY, [
      { role: 'user', content: FRIDAY },
      { role: 'assistant', content: first.reply },
    ]);
    expect(next.reply).toBe(expected.reply);
    expect(next.reply).toContain('Saturday from 9:00 AM to 2:00 PM');
    expect(next.conversationId).toBe(first.conversationId);

    const rows = await t.database.db
      .selectFrom('chat_messages')
      .select(['id', 'conversation_id', 'source', 'question'])
      .where('conversation_id', '=', first.conversationId)
      .orderBy('asked_at')
      .execute();
    expect(rows).toEqual([
      { id: first.messageId, conversation_id: first.conversationId, source: 'api', question: FRIDAY },
      { id: next.messageId, conversation_id: first.conversationId, source: 'api', question: SATURDAY },
    ]);
    // The widget's messages stay the widget's.
    const widgetRows = await t.database.db
      .selectFrom('chat_messages')
      .select('source')
      .where('bot_id', '=', bot.botId)
      .where('source', '=', 'widget')
      .execute();
    expect(widgetRows.length).toBeGreaterThan(0);

    // The owner's log shows it, with its source.
    const log = await t.app.inject({
      method: 'GET',
      url: `${API.botConversations}?botId=${bot.botId}`,
      headers: bearer(bot.ownerToken),
    });
    const logged = parseReply(conversationsResponseSchema, log.json()).conversations;
    expect(logged.find((c) => c.id === first.conversationId)).toMatchObject({ source: 'api' });

    // Read back with the key.
    const one = await t.app.inject({
      method: 'GET',
      url: conversationUrl(bot.botId, first.conversationId),
      headers: bearer(key),
    });
    expect(one.statusCode, one.body).toBe(200);
    const conversation = apiConversationSchema.parse(one.json());
    expect(conversation.source).toBe('api');
    expect(conversation.messages.map((m) => [m.role, m.content])).toEqual([
      ['user', FRIDAY],
      ['assistant', first.reply],
      ['user', SATURDAY],
      ['assistant', next.reply],
    ]);
    const all = await t.app.inject({ method: 'GET', url: conversationsUrl(bot.botId), headers: bearer(key) });
    const page = apiConversationsResponseSchema.parse(all.json());
    expect(page.conversations.map((c) => c.id)).toContain(first.conversationId);
    expect(new Set(page.conversations.map((c) => c.source))).toEqual(new Set(['api', 'widget']));

    // Counted in the owner's analytics as the widget's messages are.
    const analytics = await t.app.inject({
      method: 'GET',
      url: `${API.botAnalytics}?botId=${bot.botId}`,
      headers: bearer(bot.ownerToken),
    });
    const today = (analytics.json() as { days: { answered: number; declined: number }[] }).days.at(-1)!;
    expect(today.answered + today.declined).toBe(
      (
        await t.database.db
          .selectFrom('chat_messages')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('bot_id', '=', bot.botId)
          .where('kind', 'in', ['answer', 'declined', 'correction'])
          .executeTakeFirstOrThrow()
      ).n,
    );
  });

  it("holds a person to the widget's messages a day, by visitorId, and says so with RateLimit headers", async () => {
    for (let i = 0; i < DAILY; i++) await ask({ message: 'Where do I park?', visitorId: 'alice' });
    const refused = await sendMessage(t, key, bot.botId, { message: 'Where do I park?', visitorId: 'alice' });
    expect(refusal(refused)).toEqual({ status: 429, code: API_ERROR.messageLimitReached });
    expect(refused.headers['ratelimit-limit']).toBe(String(DAILY));
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another person on the same key is not held by Alice's count.
    await ask({ message: 'Where do I park?', visitorId: 'bob' });
  });

  it("refuses a key over its plan's messages a day (429) and logs nothing", async () => {
    const messages = async () =>
      (
        await t.database.db
          .selectFrom('chat_messages')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const before = await messages();
    const created = await createKey(t, { token: bot.ownerToken }, bot.botId, ['chat'], 'Daily');
    const perDay = PLANS.basic.api.messagesPerDay;
    await setDailyCount(t, bot.botId, `k:${created.id}`, perDay);
    const res = await sendMessage(t, created.key, bot.botId, { message: FRIDAY });
    expect(refusal(res)).toEqual({ status: 429, code: API_ERROR.rateLimited });
    expect(res.headers['ratelimit-limit']).toBe(String(perDay));
    expect(res.headers['ratelimit-remaining']).toBe('0');
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(secondsToNextDay());
    // A refused message is not logged.
    expect(await messages()).toBe(before);
    await t.app.inject({
      method: 'DELETE',
      url: keyUrl(bot.botId, created.id),
      headers: bearer(bot.ownerToken),
    });
  });

  it("limits a key's requests a minute by its plan (429 with RateLimit-* and Retry-After)", async () => {
    const created = await createKey(
      t,
      { token: bot.ownerToken },
      bot.botId,
      ['read:conversations'],
      'Minute',
    );
    const perMinute = PLANS.basic.api.requestsPerMinute;
    const read = () =>
      t.app.inject({ method: 'GET', url: conversationsUrl(bot.botId), headers: bearer(created.key) });
    const first = await read();
    expect(first.statusCode).toBe(200);
    expect(first.headers['ratelimit-limit']).toBe(String(perMinute));
    expect(first.headers['ratelimit-remaining']).toBe(String(perMinute - 1));
    for (let i = 1; i < perMinute; i++) expect((await read()).statusCode).toBe(200);
    const refused = await read();
    expect(refusal(refused)).toEqual({ status: 429, code: API_ERROR.rateLimited });
    expect(refused.headers['ratelimit-limit']).toBe(String(perMinute));
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    expect(Number(refused.headers['ratelimit-reset'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another key of the same bot has its own minute.
    expect(
      (await t.app.inject({ method: 'GET', url: conversationsUrl(bot.botId), headers: bearer(key) }))
        .statusCode,
    ).toBe(200);
    await t.app.inject({
      method: 'DELETE',
      url: keyUrl(bot.botId, created.id),
      headers: bearer(bot.ownerToken),
    });
  });
});
