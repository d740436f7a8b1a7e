import type { Kysely } from 'kysely';

/**
 * A bot's documents beyond the wizard's one (`bots.document_id`, which stays its first), and the documents waiting
 * for a rebuild: `pending` rows, each replacing a document (`replaces`) or added, become `ready` in the same
 * transaction that publishes the index built from them (decision 065). `bots.knowledge_error` says why the last
 * change could not be applied; the bot kept its documents as they were.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bot_documents')
    .addColumn('document_id', 'text', (c) => c.primaryKey())
    .addColumn('bot_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('replaces', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bot_documents_bot').on('bot_documents').column('bot_id').execute();
  await db.schema.alterTable('bots').addColumn('knowledge_error', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bots').dropColumn('knowledge_error').execute();
  await db.schema.dropTable('bot_documents').execute();
}
