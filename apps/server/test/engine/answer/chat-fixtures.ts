import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inject } from 'vitest';
import { API } from '@vuxo/shared';
import { buildApp, type AppDeps } from '../../../src/app.js';
import { loadConfig } from '../../../src/config.js';
import { firebaseIdentity } from '../../../src/adapters/identity/firebase-identity.js';
import { splitIntoPassages } from '../../../src/engine/passages/index.js';
import { buildIndex } from '../../../src/engine/retrieval/index.js';
import { testDatabases, type TestDatabaseFactory } from '../../support/databases.js';
import { signInOnEmulator } from '../../support/emulator-users.js';
import { TEST_PROJECT_ID } from '../../support/global-setup.js';
import { bearer, stackEnv, type TestApp } from '../../support/test-app.js';
import { botConfig, uploadDocument, waitFor } from '../../support/wizard-flow.js';
import { HANDBOOK } from '../retrieval/fixtures/harbourview.js';

export { HANDBOOK, QUESTIONS, holdsFacts } from '../retrieval/fixtures/harbourview.js';

/** The Harbourview handbook's serialized index, for engine tests. */
export const handbookIndex = (text = HANDBOOK) => buildIndex(splitIntoPassages({ text, pages: null }));

/** Like the shared startTestApp, with the chat options (model deadline, daily limit) a test needs. */
export async function startChatApp(
  options: {
    env?: Record<string, string>;
    database?: TestDatabaseFactory;
    chat?: AppDeps['chat'];
    sourceReader?: AppDeps['sourceReader'];
    logStream?: AppDeps['logStream'];
  } = {},
): Promise<TestApp> {
  const database = await (options.database ?? testDatabases()[0]!).open();
  const emulatorHost = inject('authEmulatorHost');
  const config = loadConfig({
    SITE_CHAT: 'off',
    DATA_DIR: database.dataDir,
    LOG_LEVEL: 'silent',
    FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
    ...stackEnv(),
    ...options.env,
  });
  const identity = firebaseIdentity({ projectId: config.firebase.projectId, emulatorHost });
  const app = await buildApp({
    config,
    database,
    identity,
    webDist: null,
    ...(options.chat ? { chat: options.chat } : {}),
    ...(options.sourceReader ? { sourceReader: options.sourceReader } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
  });
  return {
    app,
    config,
    database,
    emulatorHost,
    async close() {
      await app.close();
      await identity.close();
      await database.close();
    },
  };
}

export interface ReadyBot {
  botId: string;
  shareId: string;
  ownerToken: string;
  ownerUid: string;
}

/** Signs a new owner in, uploads the document, saves the bot and waits until it is Ready. */
export async function createReadyBot(
  t: TestApp,
  options: { text?: string; overrides?: Record<string, unknown>; name?: string } = {},
): Promise<ReadyBot> {
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const { idToken, uid } = await signInOnEmulator(t.emulatorHost, {
    name: options.name ?? 'Olive Owner',
    email: `owner-${unique}@example.com`,
  });
  const upload = await uploadDocument(t.app, { token: idToken, text: options.text ?? HANDBOOK });
  const saved = await t.app.inject({
    method: 'POST',
    url: API.saveConfig,
    headers: bearer(idToken),
    payload: botConfig(upload, options.overrides ?? {}),
  });
  if (saved.statusCode !== 200) throw new Error(`save failed: ${saved.statusCode} ${saved.body}`);
  const { botId } = saved.json() as { botId: string };
  const bot = await waitFor(
    () =>
      t.database.db
        .selectFrom('bots')
        .select(['status', 'share_id'])
        .where('id', '=', botId)
        .executeTakeFirstOrThrow(),
    (row) => row.status === 'cag_generated' || row.status === 'error',
  );
  if (bot.status !== 'cag_generated') throw new Error(`the bot build failed: ${bot.status}`);
  return { botId, shareId: bot.share_id, ownerToken: idToken, ownerUid: uid };
}

/** What a fake model server does with each call. */
export type ModelBehaviour =
  | { kind: 'answer'; text: string | ((body: CompletionRequest) => string) }
  /** Streams these words of the text, then drops the connection. */
  | { kind: 'cut'; text: string; words: number }
  /** Streams these words of the text, then sends nothing more and keeps the connection open. */
  | { kind: 'stall'; text: string; words: number }
  /** Streams the text one word every `everyMs`, over and over, until the caller goes away. */
  | { kind: 'trickle'; text: string; everyMs: number }
  | { kind: 'fail'; status: number }
  | { kind: 'slow'; delayMs: number; text?: string }
  | { kind: 'garbage' };

export interface CompletionRequest {
  model: string;
  messages: { role: string; content: string }[];
  max_tokens?: number;
  temperature?: number;
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
}

export interface FakeModelServer {
  /** Base URL as LLM_BASE_URL takes it (…/v1). */
  baseUrl: string;
  /** Every call received: its body and Authorization header, and whether the caller has closed it yet. */
  calls: { body: CompletionRequest; authorization: string | undefined; path: string; closed: boolean }[];
  /** Behaviours for the next calls, in order; the last one repeats. */
  behave(...behaviours: ModelBehaviour[]): void;
  close(): Promise<void>;
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

/** A small OpenAI-compatible `/v1/chat/completions` server, started by the test. */
export async function startFakeModel(): Promise<FakeModelServer> {
  let queue: ModelBehaviour[] = [{ kind: 'answer', text: 'OK' }];
  let previousPrompt = '';
  const calls: FakeModelServer['calls'] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server: Server = createServer((request, response) => {
    void (async () => {
      const raw = await readBody(request);
      const body = JSON.parse(raw) as CompletionRequest;
      const call = {
        body,
        authorization: request.headers.authorization,
        path: request.url ?? '',
        closed: false,
      };
      calls.push(call);
      response.once('close', () => (call.closed = true));
      const behaviour = (queue.length > 1 ? queue.shift() : queue[0])!;
      const promptText = JSON.stringify(body.messages);
      const usage = (completion: string) => {
        // Like a server's prefix cache: the prompt's start it saw in the previous call, in whole blocks.
        const cached = Math.floor(commonPrefix(promptText, previousPrompt) / 4 / 16) * 16;
        previousPrompt = promptText;
        const prompt_tokens = Math.ceil(promptText.length / 4);
        return {
          prompt_tokens,
          completion_tokens: Math.ceil(completion.length / 4),
          total_tokens: prompt_tokens + Math.ceil(completion.length / 4),
          prompt_tokens_details: { cached_tokens: Math.min(cached, prompt_tokens) },
        };
      };
      const chunk = (fields: object) =>
        `data: ${JSON.stringify({ id: 'chatcmpl-test', object: 'chat.completion.chunk', created: 0, model: body.model, ...fields })}\n\n`;
      const reply = (text: string, cutAfterWords?: number) => {
        if (!body.stream) {
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(
            JSON.stringify({
              id: 'chatcmpl-test',
              object: 'chat.completion',
              model: body.model,
              choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
              usage: usage(text),
            }),
          );
          return;
        }
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        const words = text.split(/(?<=\s)/);
        response.write(
          chunk({ choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] }),
        );
        for (const [i, word] of words.entries()) {
          if (cutAfterWords !== undefined && i >= cutAfterWords) {
            // The words sent so far reach the client; then the connection drops.
            const timer = setTimeout(() => response.destroy(), 50);
            timers.add(timer);
            return;
          }
          response.write(chunk({ choices: [{ index: 0, delta: { content: word }, finish_reason: null }] }));
        }
        response.write(chunk({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] }));
        if (body.stream_options?.include_usage) response.write(chunk({ choices: [], usage: usage(text) }));
        response.end('data: [DONE]\n\n');
      };
      if (request.url !== '/v1/chat/completions' || request.method !== 'POST') {
        response.writeHead(404).end();
      } else if (behaviour.kind === 'answer') {
        reply(typeof behaviour.text === 'function' ? behaviour.text(body) : behaviour.text);
      } else if (behaviour.kind === 'cut') {
        reply(behaviour.text, behaviour.words);
      } else if (behaviour.kind === 'fail') {
        response.writeHead(behaviour.status, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: 'model exploded' } }));
      } else if (behaviour.kind === 'stall' || behaviour.kind === 'trickle') {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        const words = behaviour.text.split(/(?<=\s)/);
        const send = (i: number) =>
          response.write(
            chunk({
              choices: [{ index: 0, delta: { content: words[i % words.length] }, finish_reason: null }],
            }),
          );
        if (behaviour.kind === 'stall') {
          for (let i = 0; i < behaviour.words; i++) send(i);
        } else {
          let i = 0;
          const timer = setInterval(() => {
            if (response.destroyed) clearInterval(timer);
            else send(i++);
          }, behaviour.everyMs);
          timers.add(timer);
          response.once('close', () => clearInterval(timer));
        }
      } else if (behaviour.kind === 'garbage') {
        response.writeHead(200, { 'content-type': 'text/plain' }).end('not json');
      } else {
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (!response.destroyed) reply(behaviour.text ?? 'Too late.');
        }, behaviour.delayMs);
        timers.add(timer);
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    calls,
    behave(...behaviours) {
      queue = behaviours;
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
