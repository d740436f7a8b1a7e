import { sql } from 'kysely';
import { createDatabase, type DatabaseHandle } from '../../src/db/database.js';
import type { JobLogger } from '../../src/jobs/worker.js';
import type { TestDatabase } from '../support/databases.js';

/** Polls until `check` returns a truthy value (returned), failing after `timeoutMs`; no fixed sleeps. */
export async function waitFor<T>(
  check: () => T | Promise<T>,
  { timeoutMs = 15_000, intervalMs = 10, what = 'condition' } = {},
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** A logger that keeps what it was told, for assertions and for debugging a failure. */
export function memoryLogger(): JobLogger & { lines: { level: string; msg: string; obj: object }[] } {
  const lines: { level: string; msg: string; obj: object }[] = [];
  const at = (level: string) => (obj: object, msg: string) => void lines.push({ level, msg, obj });
  return { lines, info: at('info'), warn: at('warn'), error: at('error') };
}

/**
 * A second handle on the same database, as another server process would have: its own SQLite
 * connection to the same file, or its own PostgreSQL pool on the same schema.
 */
export async function openAnother(database: TestDatabase): Promise<DatabaseHandle> {
  if (database.dialect === 'sqlite') return createDatabase({ dataDir: database.dataDir });
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db);
  const schema = rows[0]?.schema;
  if (!schema) throw new Error('No current schema');
  return createDatabase({
    databaseUrl: process.env.TEST_DATABASE_URL,
    dataDir: database.dataDir,
    searchPath: schema,
  });
}

/** The moment a lease runs out, for tests that expire one without waiting. */
export const PAST = new Date(0).toISOString();
