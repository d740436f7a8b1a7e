import { randomBytes } from 'node:crypto';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDatabase, SQLITE_FILE_NAME, type DatabaseHandle } from '../../src/db/database.js';
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
 * The databases a suite above the data layer (API, hostile input, jobs) runs on, for `describe.each`: SQLite in
 * the unit pass, PostgreSQL in the scaled stack's pass (`npm run test:stack`), so each of its tests runs once on
 * each database.
 */
export function testDatabases(): TestDatabaseFactory[] {
  if (scaledStack()) return [postgresFactory() ?? missing('TEST_DATABASE_URL')];
  return [sqliteFactory];
}

/** The data layer's own suites (`test/db`): SQLite always, and PostgreSQL too when TEST_DATABASE_URL is set. */
export function dataLayerDatabases(): TestDatabaseFactory[] {
  const postgres = postgresFactory();
  return postgres ? [sqliteFactory, postgres] : [sqliteFactory];
}

const sqliteFactory: TestDatabaseFactory = { name: 'sqlite', open: (o) => open(null, o) };

function postgresFactory(): TestDatabaseFactory | null {
  const url = process.env.TEST_DATABASE_URL;
  return url ? { name: 'postgres', open: (o) => open(url, o) } : null;
}

function missing(variable: string): never {
  throw new Error(`TEST_STACK=postgres-redis needs ${variable}`);
}

/** The API suite's second pass: PostgreSQL and Redis, as several server processes share them. */
export function scaledStack(): boolean {
  return process.env.TEST_STACK === 'postgres-redis';
}

/** A migrated SQLite file, made once per worker and copied for each test database (a copy costs less than migrating). */
let sqliteTemplate: Promise<string> | undefined;
function migratedSqliteFile(): Promise<string> {
  sqliteTemplate ??= (async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'vuxo-db-template-'));
    const handle = createDatabase({ dataDir: dir });
    await migrateToLatest(handle.db);
    // Closing checkpoints the write-ahead log into the file, so the file alone is the whole database.
    await handle.close();
    return path.join(dir, SQLITE_FILE_NAME);
  })();
  return sqliteTemplate;
}

async function open(databaseUrl: string | null, options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vuxo-db-'));
  const fromTemplate = !databaseUrl && options.migrate !== false;
  if (fromTemplate) await copyFile(await migratedSqliteFile(), path.join(dataDir, SQLITE_FILE_NAME));
  const schema = databaseUrl ? `t_${randomBytes(6).toString('hex')}` : undefined;
  if (databaseUrl && schema) await admin(databaseUrl, `create schema ${schema}`);

  const handle = createDatabase({ databaseUrl, dataDir, ...(schema ? { searchPath: schema } : {}) });
  const close = async () => {
    await handle.close();
    if (databaseUrl && schema) await admin(databaseUrl, `drop schema if exists ${schema} cascade`);
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    // A copy of the template is migrated already; this finds nothing to do, as at a server's start.
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
