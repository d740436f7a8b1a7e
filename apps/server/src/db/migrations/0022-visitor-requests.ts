import type { Kysely } from 'kysely';

/**
 * Visitors' requests to be contacted (decision 068): kept CHAT_RETENTION_DAYS for the owner's inbox. `visitor`
 * is the signed visitor id's pseudonym, as in chat_messages, `network` that of the visitor's network key, and
 * `contact_key` the email or phone left, normalized: the three per-day limits count them. Per bot, the owner may turn requests off and name the
 * address their notifications go to (null: the bot's contact).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('visitor_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('bot_id', 'text', (c) => c.notNull())
    .addColumn('visitor', 'text', (c) => c.notNull())
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('contact_key', 'text', (c) => c.notNull())
    .addColumn('conversation_id', 'text')
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('name', 'text')
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('new'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('visitor_requests_bot_time')
    .on('visitor_requests')
    .columns(['bot_id', 'created_at'])
    .execute();
  await db.schema.createIndex('visitor_requests_time').on('visitor_requests').column('created_at').execute();
  await db.schema
    .alterTable('bots')
    .addColumn('requests_off', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('bots').addColumn('requests_email', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bots').dropColumn('requests_email').execute();
  await db.schema.alterTable('bots').dropColumn('requests_off').execute();
  await db.schema.dropTable('visitor_requests').execute();
}
