import { sql, type Kysely } from 'kysely';

/**
 * A bot's retrieval index (often hundreds of kilobytes) moves out of `bots` into its own table: SQLite keeps a
 * large value in a chain of overflow pages inside the row, and every read of a column stored after it (such as
 * `updated_at`, read for every chat message) walked that chain.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bot_indexes')
    .addColumn('bot_id', 'text', (c) => c.primaryKey().references('bots.id').onDelete('cascade'))
    .addColumn('retrieval_index', 'text', (c) => c.notNull())
    .execute();
  await sql`insert into bot_indexes (bot_id, retrieval_index)
    select id, retrieval_index from bots where retrieval_index is not null`.execute(db);
  await db.schema.alterTable('bots').dropColumn('retrieval_index').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bots').addColumn('retrieval_index', 'text').execute();
  await sql`update bots set retrieval_index =
    (select retrieval_index from bot_indexes where bot_indexes.bot_id = bots.id)`.execute(db);
  await db.schema.dropTable('bot_indexes').execute();
}
