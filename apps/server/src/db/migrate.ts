import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider, type MigrationResultSet } from 'kysely/migration';
import type { Database } from './schema.js';
import * as m0001 from './migrations/0001-initial.js';
import * as m0002 from './migrations/0002-bot-indexes.js';
import * as m0003 from './migrations/0003-bot-contact-email.js';
import * as m0004 from './migrations/0004-bot-index-version.js';
import * as m0005 from './migrations/0005-document-pages.js';
import * as m0006 from './migrations/0006-payment-events.js';
import * as m0007 from './migrations/0007-contact-company.js';
import * as m0008 from './migrations/0008-insights.js';
import * as m0009 from './migrations/0009-bot-sources.js';
import * as m0010 from './migrations/0010-model-usage.js';
import * as m0011 from './migrations/0011-plan-credits.js';
import * as m0012 from './migrations/0012-bot-kept-live.js';
import * as m0013 from './migrations/0013-bot-fact-edits.js';
import * as m0014 from './migrations/0014-decline-reason.js';
import * as m0015 from './migrations/0015-message-correction.js';
import * as m0016 from './migrations/0016-message-unsure.js';
import * as m0017 from './migrations/0017-bot-no-contact.js';
import * as m0018 from './migrations/0018-bot-documents.js';
import * as m0021 from './migrations/0021-emails.js';
import * as m0022 from './migrations/0022-visitor-requests.js';
import * as m0023 from './migrations/0023-document-readings.js';
import * as m0024 from './migrations/0024-mail-confirmations.js';
import * as m0025 from './migrations/0025-bot-document-readings.js';
import * as m0026 from './migrations/0026-bot-owner-questions.js';
import * as m0027 from './migrations/0027-api-keys.js';
import * as m0028 from './migrations/0028-webhooks.js';
import * as m0029 from './migrations/0029-live-conversations.js';
import * as m0030 from './migrations/0030-source-refreshes.js';
import * as m0031 from './migrations/0031-packed-indexes.js';
import * as m0032 from './migrations/0032-document-texts.js';

/** Every migration, in order. Listed by hand so the built server never reads its own directory. */
const MIGRATIONS: Record<string, Migration> = {
  '0001-initial': m0001,
  '0002-bot-indexes': m0002,
  '0003-bot-contact-email': m0003,
  '0004-bot-index-version': m0004,
  '0005-document-pages': m0005,
  '0006-payment-events': m0006,
  '0007-contact-company': m0007,
  '0008-insights': m0008,
  '0009-bot-sources': m0009,
  '0010-model-usage': m0010,
  '0011-plan-credits': m0011,
  '0012-bot-kept-live': m0012,
  '0013-bot-fact-edits': m0013,
  '0014-decline-reason': m0014,
  '0015-message-correction': m0015,
  '0016-message-unsure': m0016,
  '0017-bot-no-contact': m0017,
  '0018-bot-documents': m0018,
  '0021-emails': m0021,
  '0022-visitor-requests': m0022,
  '0023-document-readings': m0023,
  '0024-mail-confirmations': m0024,
  '0025-bot-document-readings': m0025,
  '0026-bot-owner-questions': m0026,
  '0027-api-keys': m0027,
  '0028-webhooks': m0028,
  '0029-live-conversations': m0029,
  '0030-source-refreshes': m0030,
  '0031-packed-indexes': m0031,
  '0032-document-texts': m0032,
};

const staticProvider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** Applies every pending migration; returns the names applied now (empty when already up to date). */
export function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  return migrate(db, (migrator) => migrator.migrateToLatest());
}

/** Applies the pending migrations up to and including `name` (to test what a later one does to data). */
export function migrateTo(db: Kysely<Database>, name: keyof typeof MIGRATIONS): Promise<string[]> {
  return migrate(db, (migrator) => migrator.migrateTo(name));
}

async function migrate(
  db: Kysely<Database>,
  run: (migrator: Migrator) => Promise<MigrationResultSet>,
): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: staticProvider,
    migrationTableSchema: await postgresSchema(db),
  });
  const { error, results = [] } = await run(migrator);
  if (error !== undefined) {
    const failed = results.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(`Database migration ${failed ?? ''} failed: ${describeError(error)}`, { cause: error });
  }
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * On PostgreSQL, the schema the migration tables belong to (the first of the search_path).
 * Kysely looks for its migration table in every schema unless told one, so without this a database
 * holding several schemas (the tests make one per file) would find another schema's table.
 */
async function postgresSchema(db: Kysely<Database>): Promise<string | undefined> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) throw new Error('PostgreSQL has no current schema: check the search_path');
  return schema;
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
