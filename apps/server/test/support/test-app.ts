import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { fetchDriver, injectDriver, world, type World } from '@vuxo/testkit';
import { buildApp, type AppDeps } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import { firebaseIdentity } from '../../src/adapters/identity/firebase-identity.js';
import { scaledStack, testDatabases, type TestDatabase, type TestDatabaseFactory } from './databases.js';
import { TEST_PROJECT_ID } from './global-setup.js';
import { botSeeder } from './seeded-bot.js';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: TestDatabase;
  emulatorHost: string;
  close(): Promise<void>;
}

interface TestAppOptions {
  env?: Record<string, string>;
  webDist?: string | null;
  /** Which database to run on; SQLite (a fresh file) by default. */
  database?: TestDatabaseFactory;
  /** App options beyond the config: chat tuning, the per-address ceiling, a log destination, connection limits. */
  deps?: Pick<
    AppDeps,
    | 'chat'
    | 'requestsPerMinute'
    | 'logStream'
    | 'connections'
    | 'stripeApiBase'
    | 'sourceReader'
    | 'runJobs'
    | 'clock'
    | 'sweepEveryMs'
    | 'webhooks'
    | 'live'
  >;
}

/** The real app on a fresh, migrated database, signing in against the test Auth emulator. */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await (options.database ?? testDatabases()[0]!).open();
  const emulatorHost = inject('authEmulatorHost');
  const config = loadConfig({
    DATA_DIR: database.dataDir,
    LOG_LEVEL: 'silent',
    FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
    // The site's own chat bot is built at start when on; tests that need it turn it on.
    SITE_CHAT: 'off',
    ...stackEnv(),
    ...options.env,
  });
  const identity = firebaseIdentity({ projectId: config.firebase.projectId, emulatorHost });
  const app = await buildApp({
    config,
    database,
    identity,
    webDist: options.webDist ?? null,
    ...options.deps,
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

/** In the scaled stack's pass, limits and daily counts in the machine's Redis, under a prefix of the app's own. */
export function stackEnv(): Record<string, string> {
  if (!scaledStack()) return {};
  const url = process.env.TEST_REDIS_URL;
  if (!url) throw new Error('TEST_STACK=postgres-redis needs TEST_REDIS_URL');
  return { REDIS_URL: url, REDIS_KEY_PREFIX: `test-${randomBytes(6).toString('hex')}:` };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * The test kit's owners and bots on an app in this process (inject) or on a server at a base URL (fetch). With
 * the app's database (`seedInto`), its owners can have seeded bots too (`owner.seededBot`).
 */
export function testWorld(
  target: FastifyInstance | string,
  seedInto?: { db: TestDatabase['db']; dataDir: string },
): World {
  const driver = typeof target === 'string' ? fetchDriver(target) : injectDriver(target);
  const seed = seedInto ? botSeeder(seedInto) : undefined;
  return world({ driver, emulatorHost: inject('authEmulatorHost'), ...(seed ? { seed } : {}) });
}

/** The test kit's world on a test app, whose owners can have seeded bots. */
export const appWorld = (t: TestApp): World =>
  testWorld(t.app, { db: t.database.db, dataDir: t.config.dataDir });

/** The wizard's choices the API tests' bots are saved with unless a test says otherwise. */
export const TEST_BOT_CHOICES = { botType: 'text', chatbotTone: 'friendly', creativityLevel: 'restricted' };
