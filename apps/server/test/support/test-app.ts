import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import { createDatabase, type DatabaseHandle } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { firebaseIdentity } from '../../src/adapters/identity/firebase-identity.js';
import { TEST_PROJECT_ID } from './global-setup.js';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: DatabaseHandle;
  emulatorHost: string;
  close(): Promise<void>;
}

/** The real app on a fresh SQLite file, signing in against the test Auth emulator. */
export async function startTestApp(env: Record<string, string> = {}, webDist: string | null = null): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vuxo-api-'));
  const emulatorHost = inject('authEmulatorHost');
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
    ...env,
  });
  const database = createDatabase({ databaseUrl: config.databaseUrl, dataDir });
  await migrateToLatest(database.db);
  const identity = firebaseIdentity({ projectId: config.firebase.projectId, emulatorHost });
  const app = await buildApp({ config, db: database.db, identity, webDist });
  return {
    app,
    config,
    database,
    emulatorHost,
    async close() {
      await app.close();
      await identity.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
