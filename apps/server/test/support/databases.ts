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
  /** Runs a migration or a look at the catalog while no other worker changes a schema (PostgreSQL; see SCHEMA_LOCK). */
  whileNoOtherSchemaChanges<T>(work: () => Promise<T>): Promise<T>;
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
    if (options.migrate !== false) {
      if (databaseUrl) await whileNoOtherSchemaChanges(databaseUrl, () => migrateToLatest(handle.db));
      else await migrateToLatest(handle.db);
    }
  } catch (error) {
    await close();
    throw error;
  }
  const guard = <T>(work: () => Promise<T>) =>
    databaseUrl ? whileNoOtherSchemaChanges(databaseUrl, work) : work();
  return { ...handle, dataDir, close, whileNoOtherSchemaChanges: guard };
}

/**
 * Test schemas come and go while other workers migrate theirs, and Kysely's migrator reads every schema's tables
 * and columns: a table dropped meanwhile by another schema's migration (0005 drops one) or a schema dropped at a
 * test's end fails that read ("relation … does not exist"). So creating, migrating, reading the catalog and dropping
 * a schema take this advisory lock, one worker at a time; each holds it for a tenth of a second.
 */
const SCHEMA_LOCK = 20_261_206;

async function withSchemaLock<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [SCHEMA_LOCK]);
    return await work(client);
  } finally {
    // Ending the session releases its advisory locks.
    await client.end();
  }
}

const whileNoOtherSchemaChanges = <T>(databaseUrl: string, work: () => Promise<T>) =>
  withSchemaLock(databaseUrl, work);

async function admin(databaseUrl: string, statement: string): Promise<void> {
  await withSchemaLock(databaseUrl, (client) => client.query(statement));
}
