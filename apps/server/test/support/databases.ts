import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDatabase, type DatabaseHandle } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';

export interface TestDatabase extends DatabaseHandle {
  /** A fresh temporary directory (the SQLite file lives here; other tests may keep files in it). */
  dataDir: string;
}

export interface TestDatabaseFactory {
  name: 'sqlite' | 'postgres';
  /** A fresh, empty database, migrated unless `migrate: false`; `close()` throws it away. */
  open(options?: { migrate?: boolean }): Promise<TestDatabase>;
}

/**
 * SQLite always; PostgreSQL too when TEST_DATABASE_URL is set. Use with `describe.each`.
 * In the scaled stack's pass (`npm run test:stack`) only PostgreSQL, so every API test runs on it.
 */
export function testDatabases(): TestDatabaseFactory[] {
  const url = process.env.TEST_DATABASE_URL;
  const postgres: TestDatabaseFactory | null = url ? { name: 'postgres', open: (o) => open(url, o) } : null;
  if (scaledStack()) {
    if (!postgres) throw new Error('TEST_STACK=postgres-redis needs TEST_DATABASE_URL');
    return [postgres];
  }
  const sqlite: TestDatabaseFactory = { name: 'sqlite', open: (o) => open(null, o) };
  return postgres ? [sqlite, postgres] : [sqlite];
}

/** The API suite's second pass: PostgreSQL and Redis, as several server processes share them. */
export function scaledStack(): boolean {
  return process.env.TEST_STACK === 'postgres-redis';
}

async function open(databaseUrl: string | null, options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vuxo-db-'));
  const schema = databaseUrl ? `t_${randomBytes(6).toString('hex')}` : undefined;
  if (databaseUrl && schema) await admin(databaseUrl, `create schema ${schema}`);

  const handle = createDatabase({ databaseUrl, dataDir, ...(schema ? { searchPath: schema } : {}) });
  const close = async () => {
    await handle.close();
    if (databaseUrl && schema) await admin(databaseUrl, `drop schema if exists ${schema} cascade`);
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    if (options.migrate !== false) await migrateToLatest(handle.db);
  } catch (error) {
    await close();
    throw error;
  }
  return { ...handle, dataDir, close };
}

async function admin(databaseUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
