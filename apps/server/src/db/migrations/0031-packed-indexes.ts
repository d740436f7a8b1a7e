import { PostgresAdapter, type Kysely } from 'kysely';

/**
 * A bot's retrieval index gzipped (decision 121): `packed_index` holds it for every build from now on, and
 * `retrieval_index` is left empty then; rows built before keep their text, read as before, until the next build.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const binary = db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob';
  await db.schema.alterTable('bot_indexes').addColumn('packed_index', binary).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bot_indexes').dropColumn('packed_index').execute();
}
