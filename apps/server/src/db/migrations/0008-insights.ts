import type { Kysely } from 'kysely';

/**
 * Owner insights: each visitor message with the bot's answer (kept CHAT_RETENTION_DAYS), the owner's
 * corrections, and a version the chat keys its cached corrections by (so every process sees a change at once).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('chat_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('bot_id', 'text', (c) => c.notNull())
    .addColumn('conversation_id', 'text', (c) => c.notNull())
    .addColumn('visitor', 'text', (c) => c.notNull())
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('reply', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('sources', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('vote', 'text')
    .addColumn('dismissed_at', 'text')
    .addColumn('asked_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('chat_messages_bot_time')
    .on('chat_messages')
    .columns(['bot_id', 'asked_at'])
    .execute();
  await db.schema
    .createIndex('chat_messages_conversation')
    .on('chat_messages')
    .columns(['bot_id', 'conversation_id'])
    .execute();
  await db.schema.createIndex('chat_messages_time').on('chat_messages').column('asked_at').execute();

  await db.schema
    .createTable('bot_corrections')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('bot_id', 'text', (c) => c.notNull())
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bot_corrections_bot').on('bot_corrections').column('bot_id').execute();

  await db.schema
    .alterTable('bots')
    .addColumn('corrections_version', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bots').dropColumn('corrections_version').execute();
  await db.schema.dropTable('bot_corrections').execute();
  await db.schema.dropTable('chat_messages').execute();
}
