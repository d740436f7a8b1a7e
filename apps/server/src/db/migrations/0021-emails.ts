import type { Kysely } from 'kysely';

/**
 * Every message the product sends (decision 067): rendered once when queued, sent by a durable job that reads
 * this row. `status` moves queued → sent (or failed for good); a sent row is never sent again. `dedupe_key`
 * (unique; null for most) makes a message that must go once, such as "your plan ends in 3 days", go once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('emails')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('headers', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('user_id', 'text')
    .addColumn('bot_id', 'text')
    .addColumn('dedupe_key', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema.createIndex('emails_dedupe_key').on('emails').column('dedupe_key').unique().execute();
  await db.schema.createIndex('emails_created').on('emails').column('created_at').execute();
  await db.schema
    .alterTable('users')
    .addColumn('weekly_summary_off', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('weekly_summary_off').execute();
  await db.schema.dropTable('emails').execute();
}
