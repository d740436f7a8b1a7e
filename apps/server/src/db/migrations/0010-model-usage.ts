import type { Kysely } from 'kysely';

/**
 * What a language model costs: each logged answer's tokens and engine, and per bot and UTC day the totals of every
 * answer (the owner's own tests included) with the count of fallbacks to the built-in engine.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('chat_messages').addColumn('engine', 'text').execute();
  await db.schema.alterTable('chat_messages').addColumn('fallback_reason', 'text').execute();
  await db.schema.alterTable('chat_messages').addColumn('prompt_tokens', 'integer').execute();
  await db.schema.alterTable('chat_messages').addColumn('cached_tokens', 'integer').execute();
  await db.schema.alterTable('chat_messages').addColumn('completion_tokens', 'integer').execute();

  await db.schema
    .createTable('model_usage')
    .addColumn('bot_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('answers', 'integer', (c) => c.notNull())
    .addColumn('prompt_tokens', 'integer', (c) => c.notNull())
    .addColumn('cached_tokens', 'integer', (c) => c.notNull())
    .addColumn('completion_tokens', 'integer', (c) => c.notNull())
    .addColumn('fallbacks', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('model_usage_pk', ['bot_id', 'day'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('model_usage').execute();
  for (const column of ['completion_tokens', 'cached_tokens', 'prompt_tokens', 'fallback_reason', 'engine'])
    await db.schema.alterTable('chat_messages').dropColumn(column).execute();
}
