import { API } from '@vuxo/shared';
import { bearer, type TestApp } from '../support/test-app.js';
import {
  createReadyBot,
  startChatApp,
  startFakeModel,
  type FakeModelServer,
  type ReadyBot,
} from '../engine/answer/chat-fixtures.js';

/** POST /api/chat with LLM_BASE_URL/LLM_API_KEY/LLM_MODEL set, against a model server started by the test. */
describe('chat through an OpenAI-compatible model', () => {
  let model: FakeModelServer;
  let t: TestApp;
  let bot: ReadyBot;
  let address = 0;
  const DEADLINE_MS = 600;

  beforeAll(async () => {
    model = await startFakeModel();
    t = await startChatApp({
      env: { LLM_BASE_URL: model.baseUrl, LLM_API_KEY: 'sk-local', LLM_MODEL: 'tiny-model' },
      chat: { llmTimeoutMs: DEADLINE_MS },
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

  const ask = (message: string) =>
    t.app.inject({
      method: 'POST',
      url: API.chat,
      remoteAddress: `10.5.0.${++address}`,
      payload: { botConfigId: bot.shareId, message, history: [{ role: 'user', content: 'Hello' }] },
    });

  it('sends the whole document, the tone and the creativity, and returns the model’s answer', async () => {
    model.behave({
      kind: 'answer',
      text: 'The initial assessment is $120.\n\n_Source: Fees_',
    });
    const res = await ask('How much is an initial assessment?');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      reply: 'The initial assessment is $120.\n\n_Source: Fees_',
      messagesLeft: 14,
      sources: [expect.objectContaining({ heading: 'Fees' })],
    });
    expect(res.json().declined).toBeUndefined();
    const call = model.calls[0]!;
    expect(call.authorization).toBe('Bearer sk-local');
    expect(call.body.model).toBe('tiny-model');
    const system = call.body.messages[0]!.content;
    expect(system).toContain('Harbour Helper');
    expect(system).toContain('professional');
    expect(system).toContain('general knowledge');
    expect(system).toContain('We do not accept cheques.');
    expect(system).toContain('Gift cards are available at reception');
    expect(call.body.messages.slice(1)).toEqual([
      { role: 'user', content: 'Hello' },
      { role: 'user', content: 'How much is an initial assessment?' },
    ]);
  });

  it('falls back to the built-in answer when the model fails (500, retried once)', async () => {
    model.behave({ kind: 'fail', status: 500 });
    const res = await ask('How much are custom orthotics?');
    expect(res.statusCode).toBe(200);
    expect(res.json().reply).toContain('Custom orthotics cost $450 per pair');
    expect(res.json().reply).toContain('_Source: Fees_');
    expect(model.calls).toHaveLength(2);
  });

  it('falls back within the deadline when the model is slow: no hang', async () => {
    model.behave({ kind: 'slow', delayMs: 20_000 });
    const started = Date.now();
    const res = await ask('Do gift cards expire?');
    expect(Date.now() - started).toBeLessThan(DEADLINE_MS + 1_500);
    expect(res.statusCode).toBe(200);
    expect(res.json().reply).toContain('They never expire.');
  });

  it('says so when the model declines, with no source', async () => {
    const me = await t.app.inject({ method: 'GET', url: API.me, headers: bearer(bot.ownerToken) });
    const contact = (me.json() as { user: { email: string } }).user.email;
    model.behave({
      kind: 'answer',
      text: `I don't have information about saddles. Please contact ${contact} and they will help.`,
    });
    const res = await ask('Do you sell saddles?');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ declined: true, sources: [] });
  });

  it('makes the model’s markup safe', async () => {
    model.behave({
      kind: 'answer',
      text: 'Book <img src=x onerror=alert(1)> [here](javascript:alert(1)).\n\n_Source: Booking and first visit_',
    });
    const { reply } = (await ask('How do I book?')).json() as { reply: string };
    expect(reply).not.toMatch(/<[a-z]/i);
    expect(reply).not.toContain('javascript:');
    expect(reply).toContain('Book');
  });

  it("answers an owner's correction without the model, and gives the model the close ones as facts", async () => {
    const saved = await t.app.inject({
      method: 'POST',
      url: API.saveCorrection,
      headers: bearer(bot.ownerToken),
      payload: {
        botId: bot.botId,
        question: 'Do you treat horses?',
        answer: 'No, only people; ask an equine clinic.',
      },
    });
    expect(saved.statusCode).toBe(200);
    const same = await ask('Do you treat horses?');
    expect(same.json().reply).toContain('No, only people; ask an equine clinic.');
    // The owner's saved answer is an answer, whatever the document says.
    expect(same.json().declined).toBeUndefined();
    expect(model.calls).toHaveLength(0);

    model.behave({ kind: 'answer', text: 'We treat people only.' });
    expect((await ask('Do you treat horses or dogs at the clinic?')).statusCode).toBe(200);
    const system = model.calls[0]!.body.messages[0]!.content;
    expect(system).toContain("The business's own answers");
    expect(system).toContain('No, only people; ask an equine clinic.');
  });
});
