import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the fake model does with one call. */
export type ModelBehaviour =
  /** Answers the text; streamed one word every `everyMs` when given, else at once. */
  | { kind: 'answer'; text: string | ((body: CompletionRequest) => string); everyMs?: number }
  /** Streams these words of the text, then drops the connection. */
  | { kind: 'cut'; text: string; words: number; everyMs?: number }
  /** Streams these words of the text, then sends nothing more and keeps the connection open. */
  | { kind: 'stall'; text: string; words: number }
  /** Streams the text one word every `everyMs`, over and over, until the caller goes away. */
  | { kind: 'trickle'; text: string; everyMs: number }
  | { kind: 'fail'; status: number }
  | { kind: 'slow'; delayMs: number; text?: string }
  | { kind: 'garbage' }
  /** Passes the call on to a real model and its answer back (the calls still record it). */
  | { kind: 'forward'; baseUrl: string; apiKey?: string };

/** A behaviour, or one chosen from the call (e.g. by the visitor's question). */
export type ModelRule = ModelBehaviour | ((body: CompletionRequest) => ModelBehaviour);

export interface CompletionRequest {
  model: string;
  messages: { role: string; content: string }[];
  max_tokens?: number;
  temperature?: number;
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
}

export interface TokenUsage {
  promptTokens: number;
  cachedTokens: number;
  completionTokens: number;
}

export interface ModelCall {
  body: CompletionRequest;
  authorization: string | undefined;
  path: string;
  /** Whether the caller has closed the call yet. */
  closed: boolean;
  /** The usage the model reported (a forwarded call: the real model's). */
  usage: TokenUsage | null;
}

export interface FakeModel {
  /** Base URL as LLM_BASE_URL takes it (…/v1). */
  baseUrl: string;
  calls: ModelCall[];
  /** Rules for the next calls, in order; the last one repeats. */
  behave(...rules: ModelRule[]): void;
  close(): Promise<void>;
}

export interface FakeModelOptions {
  /** A fixed port (a server started before the tests); a free one by default. */
  port?: number;
  /** The first rules (default: answer "OK"). */
  rules?: ModelRule[];
  /** Prompts kept for the prefix cache the usage reports (a local server keeps many; 1: the last call only). */
  cachedPrompts?: number;
}

function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/** The usage in a streamed answer's last chunk that has one. */
function usageIn(stream: string): TokenUsage | null {
  let usage: TokenUsage | null = null;
  for (const line of stream.split('\n')) {
    if (!line.startsWith('data: {')) continue;
    const parsed = JSON.parse(line.slice(6)) as {
      usage?: {
        prompt_tokens?: number;
        completion_tokens?: number;
        prompt_tokens_details?: { cached_tokens?: number };
      };
    };
    if (parsed.usage)
      usage = {
        promptTokens: parsed.usage.prompt_tokens ?? 0,
        cachedTokens: parsed.usage.prompt_tokens_details?.cached_tokens ?? 0,
        completionTokens: parsed.usage.completion_tokens ?? 0,
      };
  }
  return usage;
}

async function forward(call: ModelCall, to: { baseUrl: string; apiKey?: string }, response: ServerResponse) {
  const answer = await fetch(`${to.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(to.apiKey ? { authorization: `Bearer ${to.apiKey}` } : {}),
    },
    body: JSON.stringify(call.body),
  });
  response.writeHead(answer.status, {
    'content-type': answer.headers.get('content-type') ?? 'text/event-stream',
  });
  let text = '';
  for await (const chunk of answer.body ?? []) {
    const piece = Buffer.from(chunk as Uint8Array);
    text += piece.toString('utf8');
    response.write(piece);
  }
  response.end();
  call.usage = usageIn(text);
}

/**
 * An OpenAI-compatible `/v1/chat/completions` server in the real wire format (server-sent
 * `chat.completion.chunk`s, the usage in a last chunk with no choices, then `[DONE]`; or one `chat.completion`),
 * whose answers the test chooses, recording every call. The usage it reports is a prefix-caching server's:
 * prompt tokens at about four characters each, of which those in the longest start shared with a recent
 * prompt, in blocks of 16, are cached.
 */
export async function startFakeModel(options: FakeModelOptions = {}): Promise<FakeModel> {
  let queue: ModelRule[] = options.rules ?? [{ kind: 'answer', text: 'OK' }];
  const recent: string[] = [];
  const cachedPrompts = options.cachedPrompts ?? 1;
  const calls: ModelCall[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timers.add(timer);
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    if (request.method === 'GET' && request.url === '/') {
      response.writeHead(200, { 'content-type': 'text/plain' }).end('fake model');
      return;
    }
    if (request.url !== '/v1/chat/completions' || request.method !== 'POST') {
      response
        .writeHead(404, { 'content-type': 'application/json' })
        .end('{"error":{"message":"Not found"}}');
      return;
    }
    const body = JSON.parse(await readBody(request)) as CompletionRequest;
    const call: ModelCall = {
      body,
      authorization: request.headers.authorization,
      path: request.url,
      closed: false,
      usage: null,
    };
    calls.push(call);
    response.once('close', () => (call.closed = true));
    const rule = (queue.length > 1 ? queue.shift() : queue[0])!;
    const behaviour = typeof rule === 'function' ? rule(body) : rule;
    if (behaviour.kind === 'forward') return forward(call, behaviour, response);

    const promptText = JSON.stringify(body.messages);
    const usage = (completion: string) => {
      const shared = Math.max(0, ...recent.map((other) => commonPrefix(promptText, other)));
      recent.unshift(promptText);
      recent.length = Math.min(recent.length, cachedPrompts);
      const promptTokens = Math.ceil(promptText.length / 4);
      call.usage = {
        promptTokens,
        cachedTokens: Math.min(promptTokens, Math.floor(shared / 4 / 16) * 16),
        completionTokens: Math.ceil(completion.length / 4),
      };
      return {
        prompt_tokens: call.usage.promptTokens,
        completion_tokens: call.usage.completionTokens,
        total_tokens: call.usage.promptTokens + call.usage.completionTokens,
        prompt_tokens_details: { cached_tokens: call.usage.cachedTokens },
      };
    };
    const chunk = (fields: object) =>
      `data: ${JSON.stringify({ id: 'chatcmpl-test', object: 'chat.completion.chunk', created: 0, model: body.model, ...fields })}\n\n`;
    const delta = (content: object, finish: string | null = null) =>
      response.write(chunk({ choices: [{ index: 0, delta: content, finish_reason: finish }] }));

    const reply = (text: string, pace?: { everyMs?: number; cutAfterWords?: number }) => {
      if (!body.stream) {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            id: 'chatcmpl-test',
            object: 'chat.completion',
            created: 0,
            model: body.model,
            choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
            usage: usage(text),
          }),
        );
        return;
      }
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      delta({ role: 'assistant', content: '' });
      const words = text.split(/(?<=\s)/);
      const step = (i: number): void => {
        if (response.destroyed) return;
        if (pace?.cutAfterWords !== undefined && i >= pace.cutAfterWords) {
          // The words sent so far reach the client; then the connection drops.
          later(50, () => response.destroy());
          return;
        }
        if (i < words.length) {
          delta({ content: words[i] });
          if (pace?.everyMs) later(pace.everyMs, () => step(i + 1));
          else step(i + 1);
          return;
        }
        delta({}, 'stop');
        // As a real server does: the usage only when the call asks for it.
        if (body.stream_options?.include_usage) response.write(chunk({ choices: [], usage: usage(text) }));
        response.end('data: [DONE]\n\n');
      };
      step(0);
    };

    switch (behaviour.kind) {
      case 'answer':
        reply(typeof behaviour.text === 'function' ? behaviour.text(body) : behaviour.text, behaviour);
        return;
      case 'cut':
        reply(behaviour.text, {
          cutAfterWords: behaviour.words,
          ...(behaviour.everyMs ? { everyMs: behaviour.everyMs } : {}),
        });
        return;
      case 'fail':
        response.writeHead(behaviour.status, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: 'model exploded' } }));
        return;
      case 'garbage':
        response.writeHead(200, { 'content-type': 'text/plain' }).end('not json');
        return;
      case 'slow':
        later(behaviour.delayMs, () => {
          if (!response.destroyed) reply(behaviour.text ?? 'Too late.');
        });
        return;
      case 'stall':
      case 'trickle': {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        const words = behaviour.text.split(/(?<=\s)/);
        const send = (i: number) => delta({ content: words[i % words.length] });
        if (behaviour.kind === 'stall') {
          for (let i = 0; i < behaviour.words; i++) send(i);
          return;
        }
        let i = 0;
        const timer = setInterval(() => {
          if (response.destroyed) clearInterval(timer);
          else send(i++);
        }, behaviour.everyMs);
        timers.add(timer);
        response.once('close', () => clearInterval(timer));
      }
    }
  };

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(502);
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    calls,
    behave(...rules) {
      queue = rules;
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
