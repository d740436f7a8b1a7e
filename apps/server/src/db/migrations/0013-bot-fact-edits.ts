import type { Kysely } from 'kysely';

/**
 * The owner's corrections of a bot's key facts ("What your bot knows"), one row per bot: the kinds the owner
 * changed, as JSON; the document's own facts stay in the retrieval index and are read again at each build
 * (decision 039). The chat keys its cached copy by `bots.corrections_version`, bumped with every change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bot_fact_edits')
    .addColumn('bot_id', 'text', (c) => c.primaryKey())
    .addColumn('edits', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('bot_fact_edits').execute();
}
