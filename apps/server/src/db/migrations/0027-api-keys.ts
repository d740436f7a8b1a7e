import type { Kysely } from 'kysely';

/**
 * The public API (decision 108): a bot's API keys, each stored as the SHA-256 of the key (the key itself is shown
 * once and kept nowhere), and where each logged message came from (`widget` or `api`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('bot_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('api_keys_bot').on('api_keys').column('bot_id').execute();
  await db.schema
    .alterTable('chat_messages')
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('widget'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('chat_messages').dropColumn('source').execute();
  await db.schema.dropTable('api_keys').execute();
}
