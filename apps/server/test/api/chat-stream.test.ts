import http from 'node:http';
import type { LightMyRequestResponse } from 'fastify';
import {
  API,
  CHAT_REPLY_MAX,
  CHAT_STREAM_TYPE,
  WIDGET_MSG,
  chatStreamEventSchema,
  parseReply,
} from '@vuxo/shared';
import type { ChatStreamEvent } from '@vuxo/shared';
import { testDatabases } from '../support/databases.js';
import { bearer, type TestApp } from '../support/test-app.js';
import { openAiCompatibleClient } from '../../src/engine/llm/index.js';
import {
  createReadyBot,
  startChatApp,
  startFakeModel,
  type FakeModelServer,
  type ReadyBot,
} from '../engine/answer/chat-fixtures.js';

/** POST /api/chat answered as JSON lines while the model writes (packages/shared chat-stream.ts). */
describe.each(testDatabases())('streamed replies, fallbacks and model usage ($name)', (database) => {
  let model: FakeModelServer;
  let t: TestApp;
  let bot: ReadyBot;
  let address = 0;

  beforeAll(async () => {
    model = await startFakeModel();
    t = await startChatApp({
      database,
      env: { LLM_BASE_URL: model.baseUrl, LLM_API_KEY: 'sk-local', LLM_MODEL: 'tiny-model' },
      chat: { llmTimeoutMs: 600 },
    });
    bot = await createReadyBot(t, {
      overrides: { chatbotTone: 'professional', creativityLevel: 'balanced' },
    });
  });
  afterAll(async () => {
    await t.close();
    await model.close();
  });
  beforeEach(() => {
    model.calls.length = 0;
  });

  const ask = (message: string, options: { stream?: boolean; visitor?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: API.chat,
      remoteAddress: `10.6.0.${++address}`,
      headers: {
        ...(options.stream === false ? {} : { accept: `${CHAT_STREAM_TYPE}, application/json` }),
        ...(options.visitor ? { 'x-visitor-id': options.visitor } : {}),
      },
      payload: { botConfigId: bot.shareId, message, history: [] },
    });

  const eventsOf = (res: LightMyRequestResponse): ChatStreamEvent[] => {
    expect(res.headers['content-type']).toBe(CHAT_STREAM_TYPE);
    return res.body
      .split('\n')
      .filter(Boolean)
      .map((line) => parseReply(chatStreamEventSchema, JSON.parse(line)));
  };
  /** The text a client shows after each event. */
  const shownAfterEach = (events: ChatStreamEvent[]) => {
    let shown = '';
    return events.map((event) => {
      if (event.type === 'text') shown += event.text;
      else if (event.type === 'replace' || event.type === 'done')
        shown = event.type === 'done' ? event.reply : event.text;
      return shown;
    });
  };

  it('sends the reply piece by piece, then the finished reply with its sources and the count', async () => {
    const text = 'The initial assessment is $120 and takes about an hour.\n\n_Source: Fees_';
    model.behave({ kind: 'answer', text });
    const events = eventsOf(await ask('How much is an initial assessment?'));
    const pieces = events.filter((e) => e.type === 'text');
    expect(pieces.length).toBeGreaterThan(5);
    const done = events.at(-1)!;
    expect(done).toMatchObject({ type: 'done', reply: text, messagesLeft: 14 });
    expect(done.type === 'done' && done.sources?.[0]?.heading).toBe('Fees');
    expect(pieces.map((e) => e.text).join('')).toBe(text);
    expect(model.calls[0]!.body.stream).toBe(true);
  });

  it('answers as plain JSON when the client does not ask for a stream', async () => {
    model.behave({ kind: 'answer', text: 'We open at 9:00 AM on Saturdays.\n\n_Source: Opening hours_' });
    const res = await ask('When do you open on Saturday?', { stream: false });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ reply: expect.stringContaining('9:00 AM'), messagesLeft: 14 });
  });

  it('keeps every streamed state as safe as the plain reply', async () => {
    const hostile =
      'Book <img src=x onerror=alert(1)> [here](javascript:alert(1)) or <script>alert(2)</script> ![x](https://evil.example/x.png).\n\n_Source: Booking and first visit_';
    model.behave({ kind: 'answer', text: hostile });
    const plain = (await ask('How do I book?', { stream: false })).json() as { reply: string };
    model.behave({ kind: 'answer', text: hostile });
    const events = eventsOf(await ask('How do I book?'));
    for (const shown of shownAfterEach(events)) {
      expect(shown).not.toMatch(/<[a-z]/i);
      expect(shown).not.toMatch(/\]\(javascript:/i);
      expect(shown).not.toMatch(/!\[/);
    }
    expect(events.at(-1)).toMatchObject({ type: 'done', reply: plain.reply });
  });

  it('keeps what arrived when the model breaks off mid-way, with a note, and counts the message once', async () => {
    const visitor = `stream-cut-${database.name}`;
    model.behave({ kind: 'answer', text: 'Hello there.' });
    const before = eventsOf(await ask('Who are you really?', { visitor }));
    const left =
      before.at(-1)!.type === 'done' ? (before.at(-1) as { messagesLeft?: number }).messagesLeft! : -1;
    const id = (before.at(-1) as { visitorId?: string }).visitorId!;

    model.behave({ kind: 'cut', text: 'Custom orthotics cost $450 per pair and take two weeks.', words: 4 });
    const events = eventsOf(await ask('How much are custom orthotics?', { visitor: id }));
    const cut = events.at(-1)!;
    expect(cut).toMatchObject({ type: 'cut', error: WIDGET_MSG.replyCut, messagesLeft: left - 1 });
    expect(shownAfterEach(events).at(-1)).toBe('Custom orthotics cost $450');
  });

  it.each([
    ['a timeout', { kind: 'slow', delayMs: 5_000 }],
    ['a 429', { kind: 'fail', status: 429 }],
    ['a 5xx', { kind: 'fail', status: 503 }],
    ['an empty reply', { kind: 'answer', text: '  ' }],
  ] as const)('answers with the built-in engine after %s, as plain JSON', async (_, behaviour) => {
    model.behave(behaviour);
    const res = await ask('How much are custom orthotics?');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json().reply).toContain('Custom orthotics cost $450 per pair');
  });

  it('records each answer’s tokens and the day’s totals with the fallbacks, for the owner', async () => {
    const days = () =>
      t.database.db.selectFrom('model_usage').selectAll().where('bot_id', '=', bot.botId).execute();
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    const [before] = await days();
    model.behave({ kind: 'answer', text: 'Gift cards never expire.\n\n_Source: Gift cards_' });
    await ask('Do gift cards expire?');
    model.behave({ kind: 'fail', status: 500 });
    await ask('Do gift cards expire?', { stream: false });
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    const [after] = await days();
    expect(Number(after!.answers) - Number(before?.answers ?? 0)).toBe(2);
    expect(Number(after!.fallbacks) - Number(before?.fallbacks ?? 0)).toBe(1);
    expect(Number(after!.prompt_tokens)).toBeGreaterThan(Number(before?.prompt_tokens ?? 0));
    expect(Number(after!.completion_tokens)).toBeGreaterThan(Number(before?.completion_tokens ?? 0));

    const logged = await t.database.db
      .selectFrom('chat_messages')
      .select(['engine', 'fallback_reason', 'prompt_tokens', 'cached_tokens', 'completion_tokens'])
      .where('bot_id', '=', bot.botId)
      .where('question', '=', 'Do gift cards expire?')
      .orderBy('asked_at')
      .execute();
    expect(logged.at(-2)).toMatchObject({ engine: 'llm', fallback_reason: null });
    expect(Number(logged.at(-2)!.prompt_tokens)).toBeGreaterThan(100);
    // The model's server saw the same prefix in the call before: most of the prompt came from its cache.
    expect(Number(logged.at(-2)!.cached_tokens)).toBeGreaterThan(Number(logged.at(-2)!.prompt_tokens) / 2);
    expect(logged.at(-1)).toMatchObject({
      engine: 'built-in',
      fallback_reason: expect.stringContaining('500'),
    });

    // The owner sees the day's figures in their insights, whatever their plan.
    const analytics = await t.app.inject({
      method: 'GET',
      url: `${API.botAnalytics}?botId=${bot.botId}`,
      headers: bearer(bot.ownerToken),
    });
    expect(analytics.statusCode).toBe(200);
    expect(analytics.json().modelUsage.at(-1)).toEqual({
      date: new Date().toISOString().slice(0, 10),
      answers: Number(after!.answers),
      promptTokens: Number(after!.prompt_tokens),
      cachedTokens: Number(after!.cached_tokens),
      completionTokens: Number(after!.completion_tokens),
      fallbacks: Number(after!.fallbacks),
    });
  });

  it('sends the same prompt prefix for every question to the bot, so the model’s server can cache it', async () => {
    model.behave({ kind: 'answer', text: 'Yes.' });
    await ask('Do you open on Saturdays?');
    await ask('Is there parking nearby?');
    const [first, second] = model.calls.map((call) => call.body.messages[0]);
    expect(second).toEqual(first);
  });
});

/** Streamed replies the model does not finish: each ends with `cut` and is logged as cut, never as a full answer. */
describe('streamed replies that stop early', () => {
  let model: FakeModelServer;
  let t: TestApp;
  let bot: ReadyBot;
  let address = 0;
  const REPLY_MS = 1_500;

  beforeAll(async () => {
    model = await startFakeModel();
    const llm = openAiCompatibleClient(
      { baseUrl: model.baseUrl, apiKey: 'sk-local', model: 'tiny-model' },
      { timeoutMs: 600, replyMs: REPLY_MS },
    );
    t = await startChatApp({ chat: { llm } });
    bot = await createReadyBot(t, { overrides: { creativityLevel: 'balanced' } });
  });
  afterAll(async () => {
    await t.close();
    await model.close();
  });
  beforeEach(() => {
    model.calls.length = 0;
  });

  const ask = (message: string) =>
    t.app.inject({
      method: 'POST',
      url: API.chat,
      remoteAddress: `10.7.0.${++address}`,
      headers: { accept: CHAT_STREAM_TYPE },
      payload: { botConfigId: bot.shareId, message, history: [] },
    });
  const eventsOf = (res: LightMyRequestResponse) =>
    res.body
      .split('\n')
      .filter(Boolean)
      .map((line) => parseReply(chatStreamEventSchema, JSON.parse(line)));
  const shown = (events: ChatStreamEvent[]) =>
    events.reduce(
      (text, e) => (e.type === 'text' ? text + e.text : e.type === 'replace' ? e.text : text),
      '',
    );
  const loggedFor = async (question: string) => {
    for (let i = 0; i < 100; i++) {
      const row = await t.database.db
        .selectFrom('chat_messages')
        .select(['reply', 'engine', 'fallback_reason'])
        .where('bot_id', '=', bot.botId)
        .where('question', '=', question)
        .executeTakeFirst();
      if (row) return row;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`"${question}" was never logged`);
  };

  it('ends with `cut` when the model stalls mid-way, and logs the partial reply as cut', async () => {
    model.behave({ kind: 'stall', text: 'Custom orthotics cost $450 per pair.', words: 3 });
    const question = 'How much are orthotics, stalled?';
    const events = eventsOf(await ask(question));
    expect(events.at(-1)).toMatchObject({ type: 'cut', error: WIDGET_MSG.replyCut });
    expect(events.some((e) => e.type === 'done')).toBe(false);
    expect(shown(events)).toBe('Custom orthotics cost');
    expect(await loggedFor(question)).toMatchObject({
      reply: 'Custom orthotics cost',
      engine: 'llm',
      fallback_reason: expect.stringMatching(/^cut short: .*paused/),
    });
  });

  it('ends with `cut` when a model trickling text passes the reply’s time cap', async () => {
    model.behave({ kind: 'trickle', text: 'Gift cards never expire, ', everyMs: 100 });
    const question = 'Do gift cards expire, slowly?';
    const started = Date.now();
    const events = eventsOf(await ask(question));
    expect(Date.now() - started).toBeLessThan(REPLY_MS + 1_000);
    expect(events.at(-1)).toMatchObject({ type: 'cut' });
    expect(shown(events)).toMatch(/^Gift cards never expire,/);
    expect(await loggedFor(question)).toMatchObject({
      engine: 'llm',
      fallback_reason: expect.stringMatching(/^cut short: .*took longer/),
    });
    expect(model.calls[0]!.closed).toBe(true);
  });

  it('ends with `cut` when the model writes past the reply’s character cap, showing no more than the cap', async () => {
    model.behave({ kind: 'answer', text: 'We are open every day of the week. '.repeat(200) });
    const question = 'When are you open, at length?';
    const events = eventsOf(await ask(question));
    expect(events.at(-1)).toMatchObject({ type: 'cut' });
    expect(shown(events).length).toBeLessThanOrEqual(CHAT_REPLY_MAX);
    const logged = await loggedFor(question);
    expect(logged.reply.length).toBeLessThanOrEqual(CHAT_REPLY_MAX);
    expect(logged.fallback_reason).toMatch(/^cut short: .*characters/);
  });

  it('logs a reply the visitor stopped (closed the connection) as cut, and stops the model', async () => {
    model.behave({ kind: 'trickle', text: 'Parking is free behind the clinic, ', everyMs: 50 });
    const question = 'Where do I park, before I leave?';
    const port = await t.app.listen({ port: 0, host: '127.0.0.1' }).then((url) => Number(new URL(url).port));
    await new Promise<void>((resolve, reject) => {
      const request = http.request(
        {
          port,
          host: '127.0.0.1',
          method: 'POST',
          path: API.chat,
          headers: { accept: CHAT_STREAM_TYPE, 'content-type': 'application/json' },
        },
        (response) => {
          let lines = 0;
          response.on('data', (chunk: Buffer) => {
            lines += chunk.toString().split('\n').length - 1;
            // The Stop button: the visitor goes away after a few pieces.
            if (lines >= 3) {
              request.destroy();
              resolve();
            }
          });
          response.on('end', () => reject(new Error('the reply finished before the visitor left')));
        },
      );
      request.on('error', () => undefined);
      request.end(JSON.stringify({ botConfigId: bot.shareId, message: question, history: [] }));
    });
    const logged = await loggedFor(question);
    expect(logged).toMatchObject({
      engine: 'llm',
      fallback_reason: expect.stringMatching(/^cut short: .*cancelled/),
    });
    expect(logged.reply).toMatch(/^Parking is free/);
    for (let i = 0; i < 50 && !model.calls[0]!.closed; i++) await new Promise((r) => setTimeout(r, 20));
    expect(model.calls[0]!.closed).toBe(true);
  });
});
