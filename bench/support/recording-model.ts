import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One call the app made to the model: its messages, and the token usage the model's server reported. */
export interface RecordedCall {
  messages: { role: string; content: string }[];
  usage: { promptTokens: number; cachedTokens: number; completionTokens: number } | null;
}

export interface RecordingModel {
  /** LLM_BASE_URL for the app (…/v1). */
  baseUrl: string;
  calls: RecordedCall[];
  close(): Promise<void>;
}

interface Upstream {
  baseUrl: string;
  apiKey: string;
}

/** Prompts a local server keeps for its prefix cache. */
const CACHED_PROMPTS = 32;

/**
 * An OpenAI-compatible `/v1/chat/completions` endpoint between the app and its model, recording every prompt:
 * with an upstream (LLM_BASE_URL) it passes each call on and its streamed answer back, reading the usage the
 * model's server reports; without one it is a local test model that answers with no text (so the built-in engine
 * answers instead) and reports usage as a prefix-caching server would: prompt tokens at about four characters
 * each, of which those in the longest start shared with a recent prompt, in blocks of 16, are cached.
 */
export async function startRecordingModel(upstream: Upstream | null): Promise<RecordingModel> {
  const calls: RecordedCall[] = [];
  const recent: string[] = [];
  const server = createServer((request, response) => {
    void (async () => {
      const body = JSON.parse(await readBody(request)) as { messages: RecordedCall['messages'] };
      const call: RecordedCall = { messages: body.messages, usage: null };
      calls.push(call);
      if (upstream) {
        const answer = await fetch(`${upstream.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(upstream.apiKey ? { authorization: `Bearer ${upstream.apiKey}` } : {}),
          },
          body: JSON.stringify(body),
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
        return;
      }
      const prompt = JSON.stringify(body.messages);
      const shared = Math.max(0, ...recent.map((other) => commonPrefix(prompt, other)));
      recent.unshift(prompt);
      recent.length = Math.min(recent.length, CACHED_PROMPTS);
      const promptTokens = Math.ceil(prompt.length / 4);
      call.usage = {
        promptTokens,
        cachedTokens: Math.min(promptTokens, Math.floor(shared / 4 / 16) * 16),
        completionTokens: 0,
      };
      const usage = {
        prompt_tokens: call.usage.promptTokens,
        completion_tokens: 0,
        total_tokens: call.usage.promptTokens,
        prompt_tokens_details: { cached_tokens: call.usage.cachedTokens },
      };
      const chunk = (fields: object) =>
        `data: ${JSON.stringify({ id: 'local', object: 'chat.completion.chunk', created: 0, model: 'local', ...fields })}\n\n`;
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(
        chunk({ choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: 'stop' }] }),
      );
      response.write(chunk({ choices: [], usage }));
      response.end('data: [DONE]\n\n');
    })().catch((error: unknown) => {
      response.writeHead(502).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The usage in a streamed answer's last chunk that has one. */
function usageIn(stream: string): RecordedCall['usage'] {
  let usage: RecordedCall['usage'] = null;
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
