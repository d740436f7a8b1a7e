/**
 * A tiny OpenAI-compatible language model for the stream server of the end-to-end run (playwright.config.ts
 * starts it with `tsx e2e/support/fake-model.ts`). POST /v1/chat/completions answers FAKE_REPLY in the real wire
 * format: with `stream: true`, server-sent `chat.completion.chunk`s one word every FAKE_WORD_MS, a last chunk
 * with the usage and no choices, then `[DONE]`; otherwise one `chat.completion`. A question containing
 * FAKE_BREAK_WORD breaks the connection after FAKE_BREAK_AFTER words.
 */
import { createServer, type ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { E2E_FAKE_MODEL_PORT } from './env.ts';

export const FAKE_REPLY =
  'We are open Monday to Friday from 9am to 6pm, and on Saturday from 10am to 2pm. ' +
  'You can book online or call us, and cancellations need 24 hours notice.';
export const FAKE_WORD_MS = 120;
export const FAKE_BREAK_WORD = 'interrupted';
export const FAKE_BREAK_AFTER = 6;

interface CompletionRequest {
  model: string;
  stream?: boolean;
  messages: { role: string; content: string }[];
}

const usage = (request: CompletionRequest, words: number) => ({
  prompt_tokens: Math.ceil(JSON.stringify(request.messages).length / 4),
  completion_tokens: words,
  total_tokens: Math.ceil(JSON.stringify(request.messages).length / 4) + words,
  prompt_tokens_details: { cached_tokens: 0 },
});

function streamReply(request: CompletionRequest, response: ServerResponse): void {
  const question = request.messages.filter((m) => m.role === 'user').at(-1)?.content ?? '';
  const breaks = question.toLowerCase().includes(FAKE_BREAK_WORD);
  const words = FAKE_REPLY.split(' ');
  const chunk = (fields: object) =>
    response.write(
      `data: ${JSON.stringify({ id: 'chatcmpl-e2e', object: 'chat.completion.chunk', created: 0, model: request.model, ...fields })}\n\n`,
    );
  const delta = (content: object, finish: string | null = null) =>
    chunk({ choices: [{ index: 0, delta: content, finish_reason: finish }] });

  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  delta({ role: 'assistant', content: '' });
  let sent = 0;
  const timer = setInterval(() => {
    if (breaks && sent === FAKE_BREAK_AFTER) {
      clearInterval(timer);
      response.socket?.destroy();
      return;
    }
    if (sent < words.length) {
      delta({ content: (sent === 0 ? '' : ' ') + words[sent] });
      sent++;
      return;
    }
    clearInterval(timer);
    delta({}, 'stop');
    chunk({ choices: [], usage: usage(request, words.length) });
    response.end('data: [DONE]\n\n');
  }, FAKE_WORD_MS);
  // The caller went away (the visitor pressed Stop): stop writing.
  response.on('close', () => clearInterval(timer));
}

export function startFakeModel(port: number) {
  const server = createServer((req, response) => {
    if (req.method === 'GET' && req.url === '/') {
      response.writeHead(200, { 'content-type': 'text/plain' }).end('fake model');
      return;
    }
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      response
        .writeHead(404, { 'content-type': 'application/json' })
        .end('{"error":{"message":"Not found"}}');
      return;
    }
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (part: string) => (raw += part));
    req.on('end', () => {
      const request = JSON.parse(raw) as CompletionRequest;
      if (request.stream) return streamReply(request, response);
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: 'chatcmpl-e2e',
          object: 'chat.completion',
          created: 0,
          model: request.model,
          choices: [{ index: 0, message: { role: 'assistant', content: FAKE_REPLY }, finish_reason: 'stop' }],
          usage: usage(request, FAKE_REPLY.split(' ').length),
        }),
      );
    });
  });
  server.listen(port, '127.0.0.1', () => console.log(`Fake model at http://127.0.0.1:${port}/v1`));
  return server;
}

// Run as a script (not when a spec imports the constants above).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const server = startFakeModel(E2E_FAKE_MODEL_PORT);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      server.closeAllConnections();
      server.close(() => process.exit(0));
    });
  }
}
