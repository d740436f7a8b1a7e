import { API, API_ERROR, apiMessageResponseSchema } from '@vuxo/shared';
import { subscribe } from '@vuxo/testkit';
import { createKey, eventsOf, sendMessage } from '../support/public-api.js';
import type { TestApp } from '../support/test-app.js';
import {
  createReadyBot,
  startChatApp,
  startFakeModel,
  type FakeModelServer,
  type ReadyBot,
} from '../engine/answer/chat-fixtures.js';

const ANSWER = 'The initial assessment is $120 and takes about an hour.\n\n_Source: Fees_';
const QUESTION = 'How much is an initial assessment?';

/** The public API's stream while a language model writes the answer (decision 108). */
describe('public API replies written by a model', () => {
  let model: FakeModelServer;
  let t: TestApp;
  let bot: ReadyBot;
  let key: string;

  beforeAll(async () => {
    model = await startFakeModel();
    t = await startChatApp({
      env: { LLM_BASE_URL: model.baseUrl, LLM_API_KEY: 'sk-local', LLM_MODEL: 'tiny-model' },
      chat: { llmTimeoutMs: 600 },
    });
    bot = await createReadyBot(t);
    await subscribe(t.database.db, bot.ownerUid, 'basic');
    key = (await createKey(t, { token: bot.ownerToken }, bot.botId, ['chat'])).key;
  });
  afterAll(async () => {
    await t.close();
    await model.close();
  });

  it("streams the model's text as delta events, then sources and done with the widget's reply", async () => {
    model.behave({ kind: 'answer', text: ANSWER });
    const widget = await t.app.inject({
      method: 'POST',
      url: API.chat,
      remoteAddress: '10.79.0.1',
      payload: { botConfigId: bot.shareId, message: QUESTION },
    });
    const expected = widget.json() as { reply: string; sources: unknown[] };
    expect(expected.reply).toBe(ANSWER);

    model.behave({ kind: 'answer', text: ANSWER });
    const events = eventsOf(await sendMessage(t, key, bot.botId, { message: QUESTION, stream: true }));
    const deltas = events.filter((e) => e.event === 'delta');
    expect(deltas.length).toBeGreaterThan(5);
    expect(deltas.map((e) => (e.data as { text: string }).text).join('')).toBe(ANSWER);
    expect(events.slice(-2).map((e) => e.event)).toEqual(['sources', 'done']);
    const done = apiMessageResponseSchema.parse(events.at(-1)!.data);
    expect(done).toMatchObject({ reply: expected.reply, sources: expected.sources });
    expect(model.calls.at(-1)!.body.stream).toBe(true);
  });

  it('ends a reply the model breaks off with an error event, after what arrived', async () => {
    model.behave({ kind: 'cut', text: 'The initial assessment is $120 and takes about an hour.', words: 4 });
    const events = eventsOf(await sendMessage(t, key, bot.botId, { message: QUESTION, stream: true }));
    expect(events[0]!.event).toBe('delta');
    expect(events.at(-1)).toMatchObject({ event: 'error', data: { error: { code: API_ERROR.replyCut } } });
    expect(events.map((e) => e.event)).not.toContain('done');
  });
});
