/**
 * The server side of bench/chat, in its own process so the load generator does not share its event loop:
 * the real app on a fresh SQLite file with its own Auth emulator, a bot built through the API from a generated
 * 100-page PDF, then one JSON line on stdout ({ baseUrl, botId, shareId, ownerToken }). Stops on SIGTERM.
 *
 * The daily limit is raised and the per-address rate limit turned off through the app's `chat` options (a
 * construction option, not a route): every request still counts against its visitor in the database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API } from '@vuxo/shared';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { createDatabase } from '../../apps/server/src/db/database.js';
import { migrateToLatest } from '../../apps/server/src/db/migrate.js';
import { firebaseIdentity } from '../../apps/server/src/adapters/identity/firebase-identity.js';
import { ProcessGroup } from '../../scripts/lib/processes.mjs';
import { startAuthEmulator } from '../../scripts/lib/auth-emulator.mjs';
import { hundredPagePdf } from '../ingest/hundred-page-pdf.js';

const PROJECT_ID = 'demo-vuxo-bench-chat';

function freePortRun(count: number): Promise<number> {
  const isFree = (port: number) =>
    new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
  return (async () => {
    for (let attempt = 0; attempt < 50; attempt++) {
      const base = 24_000 + Math.floor(Math.random() * 3_000) * 3;
      const free = await Promise.all(Array.from({ length: count }, (_, i) => isFree(base + i)));
      if (free.every(Boolean)) return base;
    }
    throw new Error('No free ports for the Auth emulator');
  })();
}

async function ownerToken(emulatorHost: string): Promise<string> {
  const claims = JSON.stringify({
    sub: 'chat-bench-owner',
    email: 'chat-bench@bench.example',
    email_verified: true,
    name: 'Chat Bench',
  });
  const res = await fetch(
    `http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=bench`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        postBody: `id_token=${encodeURIComponent(claims)}&providerId=google.com`,
        requestUri: 'http://localhost',
        returnSecureToken: true,
      }),
    },
  );
  const body = (await res.json()) as { idToken?: string };
  if (!body.idToken) throw new Error(`emulator sign-in failed: ${JSON.stringify(body)}`);
  return body.idToken;
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'vuxo-bench-chat-'));
const processes = new ProcessGroup();
const emulatorHost = `127.0.0.1:${await freePortRun(3)}`;
await startAuthEmulator({
  processes,
  projectId: PROJECT_ID,
  host: emulatorHost,
  dataDir,
  persist: false,
  main: false,
});
const config = loadConfig({
  SITE_CHAT: 'off',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  FIREBASE_PROJECT_ID: PROJECT_ID,
  FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
});
const database = createDatabase({ dataDir });
await migrateToLatest(database.db);
const identity = firebaseIdentity({ projectId: PROJECT_ID, emulatorHost });
const app = await buildApp({
  config,
  database,
  identity,
  webDist: null,
  chat: { dailyLimit: Number.MAX_SAFE_INTEGER, ratePerMinute: null },
});
const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });

let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  await app.close().catch(() => undefined);
  await identity.close().catch(() => undefined);
  await database.close().catch(() => undefined);
  await processes.stop().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code);
}
process.on('SIGTERM', () => void stop(0));
process.on('SIGINT', () => void stop(130));

try {
  const token = await ownerToken(emulatorHost);
  const sessionId = `bench_chat_${Date.now().toString(36)}_session`;
  const form = new FormData();
  form.append('file', new Blob([await hundredPagePdf()], { type: 'application/pdf' }), 'handbook-100.pdf');
  form.append('sessionId', sessionId);
  const extracted = await fetch(`${baseUrl}${API.extract}`, { method: 'POST', body: form });
  if (!extracted.ok) throw new Error(`extract failed: ${extracted.status} ${await extracted.text()}`);
  const { filePath } = (await extracted.json()) as { filePath: string };
  const saved = await fetch(`${baseUrl}${API.saveConfig}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      sessionId,
      botName: 'Bench Bot',
      welcomeMessage: 'Hello!',
      documentName: 'handbook-100.pdf',
      documentPath: filePath,
      creativityLevel: 'restricted',
    }),
  });
  if (!saved.ok) throw new Error(`save failed: ${saved.status} ${await saved.text()}`);
  const { botId } = (await saved.json()) as { botId: string };
  for (;;) {
    const bot = await database.db
      .selectFrom('bots')
      .select(['status', 'share_id'])
      .where('id', '=', botId)
      .executeTakeFirstOrThrow();
    if (bot.status === 'error') throw new Error('the bot build failed');
    if (bot.status === 'cag_generated') {
      const passages = await database.db
        .selectFrom('passages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      console.log(
        JSON.stringify({
          baseUrl,
          botId,
          shareId: bot.share_id,
          ownerToken: token,
          passages: Number(passages.n),
        }),
      );
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await stop(1);
}
