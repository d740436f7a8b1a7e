import { answerEngine, type AnswerBot } from '../../../src/engine/answer/index.js';
import {
  completeText,
  LlmError,
  openAiCompatibleClient,
  type LlmClient,
  type LlmRequest,
} from '../../../src/engine/llm/index.js';
import { handbookIndex, startFakeModel, type FakeModelServer } from './chat-fixtures.js';

const settings = (server: FakeModelServer) => ({
  baseUrl: server.baseUrl,
  apiKey: 'sk-test',
  model: 'tiny-model',
});
const messages = [{ role: 'user' as const, content: 'Hello' }];
const complete = async (client: LlmClient, request: LlmRequest) => (await completeText(client, request)).text;

describe('the OpenAI-compatible client', () => {
  let server: FakeModelServer;
  beforeAll(async () => {
    server = await startFakeModel();
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.calls.length = 0;
  });

  it('streams from /chat/completions with the model, the key and the limits: the text, then the usage', async () => {
    server.behave({ kind: 'answer', text: '  Hi there, how are you?  ' });
    const client = openAiCompatibleClient(settings(server));
    const events = [];
    for await (const event of client.stream({ messages, maxTokens: 100, temperature: 0.2 }))
      events.push(event);
    const texts = events.filter((e) => e.type === 'text');
    expect(texts.length).toBeGreaterThan(3);
    expect(texts.map((e) => e.text).join('')).toBe('  Hi there, how are you?  ');
    expect(events.at(-1)).toEqual({
      type: 'usage',
      usage: { promptTokens: expect.any(Number), cachedTokens: 0, completionTokens: expect.any(Number) },
    });
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0]).toMatchObject({
      path: '/v1/chat/completions',
      authorization: 'Bearer sk-test',
      body: {
        model: 'tiny-model',
        messages,
        max_tokens: 100,
        temperature: 0.2,
        stream: true,
        stream_options: { include_usage: true },
      },
    });
    expect(await completeText(client, { messages, maxTokens: 100, temperature: 0.2 })).toMatchObject({
      text: 'Hi there, how are you?',
    });
  });

  it('fails a reply that breaks off mid-way, after its first words', async () => {
    server.behave({ kind: 'cut', text: 'One two three four five six', words: 3 });
    const client = openAiCompatibleClient(settings(server));
    const texts: string[] = [];
    const failure = await (async () => {
      for await (const event of client.stream({ messages, maxTokens: 50, temperature: 0 }))
        if (event.type === 'text') texts.push(event.text);
    })().catch((e: unknown) => e);
    expect(texts.join('')).toBe('One two three ');
    expect(failure).toBeInstanceOf(LlmError);
    expect(server.calls).toHaveLength(1);
  });

  /** Reads a reply to its end or its failure: the text that arrived, and the error. */
  const readAll = async (client: LlmClient, request: LlmRequest) => {
    const texts: string[] = [];
    const failure = await (async () => {
      for await (const event of client.stream(request)) if (event.type === 'text') texts.push(event.text);
    })().catch((e: unknown) => e);
    return { text: texts.join(''), failure };
  };
  const closedByCaller = async () => {
    for (let i = 0; i < 100 && !server.calls[0]?.closed; i++) await new Promise((r) => setTimeout(r, 20));
    return server.calls[0]?.closed;
  };

  it('fails a reply whose model stalls mid-way, instead of ending it as if it were finished', async () => {
    server.behave({ kind: 'stall', text: 'One two three four five', words: 2 });
    const client = openAiCompatibleClient(settings(server), { timeoutMs: 300 });
    const started = Date.now();
    const { text, failure } = await readAll(client, { messages, maxTokens: 50, temperature: 0 });
    expect(text).toBe('One two ');
    expect(failure).toBeInstanceOf(LlmError);
    expect(failure).toMatchObject({ reason: 'timeout', message: expect.stringContaining('paused') });
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(await closedByCaller()).toBe(true);
  });

  it('stops a model that trickles text at the reply’s time cap', async () => {
    server.behave({ kind: 'trickle', text: 'Still writing, ', everyMs: 40 });
    const client = openAiCompatibleClient(settings(server), { timeoutMs: 300, replyMs: 700 });
    const started = Date.now();
    const { text, failure } = await readAll(client, { messages, maxTokens: 50, temperature: 0 });
    expect(text).toMatch(/^Still writing, Still/);
    expect(failure).toMatchObject({ reason: 'timeout', message: expect.stringContaining('700 ms') });
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(await closedByCaller()).toBe(true);
  });

  it('stops a reply at its character cap, keeping the text before it', async () => {
    server.behave({ kind: 'answer', text: 'abcdefghi '.repeat(60) });
    const client = openAiCompatibleClient(settings(server));
    const request = { messages, maxTokens: 50, temperature: 0, maxChars: 95 };
    const { text, failure } = await readAll(client, request);
    expect(text).toBe('abcdefghi '.repeat(10).slice(0, 95));
    expect(failure).toMatchObject({ reason: 'too-long', message: expect.stringContaining('95 characters') });
  });

  it('reports a reply the caller cancelled mid-way as aborted, not as finished', async () => {
    server.behave({ kind: 'trickle', text: 'Word by word, ', everyMs: 30 });
    const client = openAiCompatibleClient(settings(server), { timeoutMs: 2_000 });
    const cancel = new AbortController();
    const texts: string[] = [];
    const failure = await (async () => {
      for await (const event of client.stream({
        messages,
        maxTokens: 50,
        temperature: 0,
        signal: cancel.signal,
      }))
        if (event.type === 'text' && texts.push(event.text) === 2) cancel.abort();
    })().catch((e: unknown) => e);
    expect(texts.join('')).toBe('Word by ');
    expect(failure).toMatchObject({ reason: 'aborted' });
    expect(await closedByCaller()).toBe(true);
  });

  it('retries once after a 5xx, and succeeds when the retry does', async () => {
    server.behave({ kind: 'fail', status: 503 }, { kind: 'answer', text: 'Second time lucky.' });
    const client = openAiCompatibleClient(settings(server));
    expect(await complete(client, { messages, maxTokens: 50, temperature: 0 })).toBe('Second time lucky.');
    expect(server.calls).toHaveLength(2);
  });

  it('gives up after one retry on a failing server', async () => {
    server.behave({ kind: 'fail', status: 500 });
    const client = openAiCompatibleClient(settings(server));
    const error = await complete(client, { messages, maxTokens: 50, temperature: 0 }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(LlmError);
    expect(error).toMatchObject({ reason: 'http', status: 500 });
    expect(server.calls).toHaveLength(2);
  });

  it('does not retry a 4xx or a reply without text', async () => {
    server.behave({ kind: 'fail', status: 401 });
    const client = openAiCompatibleClient(settings(server));
    await expect(complete(client, { messages, maxTokens: 50, temperature: 0 })).rejects.toMatchObject({
      reason: 'http',
      status: 401,
    });
    server.behave({ kind: 'garbage' });
    await expect(complete(client, { messages, maxTokens: 50, temperature: 0 })).rejects.toMatchObject({
      reason: 'bad-response',
    });
    server.behave({ kind: 'answer', text: '   ' });
    await expect(complete(client, { messages, maxTokens: 50, temperature: 0 })).rejects.toMatchObject({
      reason: 'bad-response',
    });
    expect(server.calls).toHaveLength(3);
  });

  it('stops waiting at its deadline, retry included', async () => {
    server.behave({ kind: 'slow', delayMs: 5_000 });
    const client = openAiCompatibleClient(settings(server), { timeoutMs: 300 });
    const started = Date.now();
    await expect(complete(client, { messages, maxTokens: 50, temperature: 0 })).rejects.toMatchObject({
      reason: 'timeout',
    });
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(server.calls).toHaveLength(1);
  });

  it('reports an unreachable server', async () => {
    const client = openAiCompatibleClient(
      { baseUrl: 'http://127.0.0.1:9/v1', apiKey: '', model: 'm' },
      { timeoutMs: 2_000, minRetryBudgetMs: 0 },
    );
    await expect(complete(client, { messages, maxTokens: 5, temperature: 0 })).rejects.toMatchObject({
      reason: 'network',
    });
  });

  it('takes a base URL with a trailing slash', async () => {
    server.behave({ kind: 'answer', text: 'Fine.' });
    const client = openAiCompatibleClient({ ...settings(server), baseUrl: `${server.baseUrl}/` });
    expect(await complete(client, { messages, maxTokens: 5, temperature: 0 })).toBe('Fine.');
    expect(server.calls[0]!.path).toBe('/v1/chat/completions');
  });
});

describe('the answer engine with a model', () => {
  let server: FakeModelServer;
  const index = handbookIndex();
  const bot: AnswerBot = {
    id: 'bot_llm',
    name: 'Harbour Helper',
    tone: 'friendly',
    creativity: 'restricted',
    version: '1',
    documentName: 'handbook.txt',
  };
  const engineWith = (timeoutMs = 2_000) =>
    answerEngine({
      readIndex: async () => index,
      supportEmail: 'info@vuxo.example',
      llm: openAiCompatibleClient(settings(server), { timeoutMs }),
    });
  beforeAll(async () => {
    server = await startFakeModel();
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.calls.length = 0;
  });

  it('lets the model write the answer, made safe, with a source', async () => {
    server.behave({
      kind: 'answer',
      text: 'We open at 9:00 AM on Saturdays. <script>alert(1)</script> [book](javascript:alert(1))',
    });
    const answer = await engineWith().answer({
      bot,
      message: 'What time do you open on Saturday?',
      history: [],
    });
    expect(answer.engine).toBe('llm');
    expect(answer.reply).toContain('We open at 9:00 AM on Saturdays.');
    expect(answer.reply).not.toMatch(/<script/i);
    expect(answer.reply).not.toContain('javascript:');
    expect(answer.reply).toContain('_Source: Opening hours_');
    expect(answer.sources[0]?.passage.heading).toBe('Opening hours');
    expect(server.calls[0]!.body.temperature).toBe(0.1);
  });

  it('answers small talk itself, without calling the model', async () => {
    const answer = await engineWith().answer({ bot, message: 'hello', history: [] });
    expect(answer.kind).toBe('small-talk');
    expect(server.calls).toHaveLength(0);
  });

  it('falls back to the built-in answer when the model fails', async () => {
    server.behave({ kind: 'fail', status: 500 });
    const answer = await engineWith().answer({ bot, message: 'How much are custom orthotics?', history: [] });
    expect(answer.engine).toBe('built-in');
    expect(answer.fallbackReason).toMatch(/500/);
    expect(answer.reply).toContain('$450');
    expect(server.calls).toHaveLength(2);
  });

  it('falls back within the deadline when the model is slow', async () => {
    server.behave({ kind: 'slow', delayMs: 10_000 });
    const started = Date.now();
    const answer = await engineWith(400).answer({ bot, message: 'Do gift cards expire?', history: [] });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(answer.engine).toBe('built-in');
    expect(answer.reply).toContain('never expire');
    expect(answer.fallbackReason).toMatch(/no answer within/);
  });

  it('counts no failure of the model when the visitor leaves before its first words', async () => {
    server.behave({ kind: 'slow', delayMs: 10_000 });
    const left = new AbortController();
    setTimeout(() => left.abort(), 50);
    const answer = await engineWith(2_000).answer({
      bot,
      message: 'Do gift cards expire?',
      history: [],
      signal: left.signal,
    });
    expect(answer.engine).toBe('built-in');
    expect(answer.fallbackReason).toBeUndefined();
  });

  it('keeps a partial reply, marked cut, when the model breaks off while the reply is shown as it comes', async () => {
    server.behave({ kind: 'cut', text: 'Gift cards are sold at reception and never expire.', words: 4 });
    const shown: string[] = [];
    const answer = await engineWith().answer({
      bot,
      message: 'Do gift cards expire?',
      history: [],
      onText: (progress) => shown.push(progress.text),
    });
    expect(answer).toMatchObject({ engine: 'llm', cut: 'failed', reply: 'Gift cards are sold' });
    expect(shown.join('')).toBe('Gift cards are sold');
  });
});
