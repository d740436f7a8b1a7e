import type { Kysely } from 'kysely';

/**
 * The owner's saved answer that answered a message (its id; null otherwise and in older rows): the owner sees
 * which visitors' questions each saved answer answered. No foreign key: a removed saved answer leaves the log.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('chat_messages').addColumn('correction_id', 'text').execute();
  await db.schema
    .createIndex('chat_messages_correction')
    .on('chat_messages')
    .columns(['bot_id', 'correction_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('chat_messages_correction').execute();
  await db.schema.alterTable('chat_messages').dropColumn('correction_id').execute();
}
