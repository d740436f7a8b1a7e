import type { Kysely } from 'kysely';

/** Website sources of a bot, and the readable text of the pages each one read. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bot_sources')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('bot_id', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('title', 'text')
    .addColumn('error', 'text')
    .addColumn('page_count', 'integer')
    .addColumn('bytes', 'integer')
    .addColumn('fetched_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('bot_sources_bot_url', ['bot_id', 'url'])
    .execute();

  await db.schema
    .createTable('source_pages')
    .addColumn('source_id', 'text', (c) => c.notNull())
    .addColumn('ordinal', 'integer', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('source_pages_pk', ['source_id', 'ordinal'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('source_pages').execute();
  await db.schema.dropTable('bot_sources').execute();
}
