import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp, type AppDeps } from '../../apps/server/src/app.js';
import { loadWordVectors } from '../../apps/server/src/engine/vectors/word-vectors.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { createDatabase } from '../../apps/server/src/db/database.js';
import { migrateToLatest } from '../../apps/server/src/db/migrate.js';
import { firebaseIdentity } from '../../apps/server/src/adapters/identity/firebase-identity.js';
import { fetchDriver, subscribe, world } from '@vuxo/testkit';
import { ProcessGroup } from '../../scripts/lib/processes.mjs';
import { startAuthEmulator } from '../../scripts/lib/auth-emulator.mjs';
import { freePortRun } from '../../scripts/lib/ports.mjs';

export { median, printTable } from './print-table.js';

const PROJECT_ID = 'demo-vuxo-bench';

/** The model settings a bench may pass on from its environment (see .env.example). */
const LLM_VARIABLES = ['LLM_BASE_URL', 'LLM_API_KEY', 'LLM_MODEL'] as const;

/**
 * The real app on a fresh SQLite file, listening on a free port, with its own Auth emulator. The site's own
 * chat bot is off unless asked for, so a bench counts only its own bots; `chat` tunes the daily limit and `requestsPerMinute`
 * the per-address ceiling (bench/chat turns both off). The app answers with its built-in engine unless `llm`
 * is set: then it takes LLM_* from the environment, as the server does, and answers through that model when
 * they are set (bench/answer-quality).
 */
export async function startLocalApp(
  options: Pick<AppDeps, 'chat' | 'requestsPerMinute'> & {
    llm?: boolean;
    /** The built web app to serve (bench/site); none by default. */
    webDist?: string;
    /** The site's own chat bot, as `npm start` runs it (bench/site); off by default. */
    siteChat?: boolean;
    /** More settings, as the environment gives them (bench/ingest reads a local website). */
    env?: Record<string, string>;
  } = {},
) {
  const { llm = false, webDist = null, siteChat = false, env = {}, ...deps } = options;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vuxo-bench-'));
  const processes = new ProcessGroup();
  const emulatorHost = `127.0.0.1:${await freePortRun(3)}`;
  // Read first: a bad LLM_* value stops here, as it stops the server, before any process is started.
  const config = loadConfig({
    SITE_CHAT: siteChat ? 'on' : 'off',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    FIREBASE_PROJECT_ID: PROJECT_ID,
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
    ...(llm ? Object.fromEntries(LLM_VARIABLES.map((name) => [name, process.env[name]])) : {}),
    ...env,
  });
  await startAuthEmulator({
    processes,
    projectId: PROJECT_ID,
    host: emulatorHost,
    dataDir,
    persist: false,
    main: false,
  });
  const database = createDatabase({ dataDir });
  await migrateToLatest(database.db);
  const identity = firebaseIdentity({ projectId: PROJECT_ID, emulatorHost });
  const app = await buildApp({ config, database, identity, webDist, ...deps });
  // As the server's main.ts does before its first visitor.
  loadWordVectors();
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const benchWorld = world({ driver: fetchDriver(address), emulatorHost });
  return {
    app,
    baseUrl: address,
    config,
    database,
    emulatorHost,
    /** A verified owner, signed in the way the browser does (the test kit's: it also makes Ready bots). */
    owner: (name = 'Bench Owner') => benchWorld.owner({ name, email: benchEmail(name) }),
    /** A verified owner's ID token. */
    ownerToken: async (name = 'Bench Owner') =>
      (await benchWorld.owner({ name, email: benchEmail(name) })).token,
    /** Puts the bench owner (ownerToken's default) on a paid plan for a month. */
    async subscribe(planKey: 'basic' | 'pro', name = 'Bench Owner') {
      const user = await database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', benchEmail(name))
        .executeTakeFirstOrThrow();
      await subscribe(database.db, user.id, planKey);
    },
    async close() {
      await app.close();
      await identity.close();
      await database.close();
      await processes.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The bench owners' sign-in email. */
export const benchEmail = (name: string) => `${name.replace(/\W/g, '').toLowerCase()}@bench.example`;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * For a bench's server process: closes the app and exits on SIGTERM (0) or SIGINT (130); the returned `stop`
 * does the same with its own exit code (a failed setup).
 */
export function stopOnSignals(local: { close(): Promise<unknown> }): (code: number) => Promise<void> {
  let stopping = false;
  async function stop(code: number) {
    if (stopping) return;
    stopping = true;
    await local.close().catch(() => undefined);
    process.exit(code);
  }
  process.on('SIGTERM', () => void stop(0));
  process.on('SIGINT', () => void stop(130));
  return stop;
}
