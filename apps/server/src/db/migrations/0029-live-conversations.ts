import type { Kysely } from 'kysely';

/**
 * A person steps in (decision 115): live conversations (who answers each), their events with ids that count up
 * per conversation (a reconnecting visitor resumes after the last one seen), and the owner's presence and name.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('live_conversations')
    .addColumn('bot_id', 'text', (c) => c.notNull())
    .addColumn('conversation_id', 'text', (c) => c.notNull())
    .addColumn('visitor', 'text', (c) => c.notNull())
    .addColumn('last_event', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('requested_at', 'text')
    .addColumn('held_at', 'text')
    .addColumn('last_visitor_at', 'text')
    .addColumn('last_owner_at', 'text')
    .addColumn('notified_at', 'text')
    .addColumn('visitor_seen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('live_conversations_pk', ['bot_id', 'conversation_id'])
    .execute();
  await db.schema
    .createTable('live_events')
    .addColumn('bot_id', 'text', (c) => c.notNull())
    .addColumn('conversation_id', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('live_events_pk', ['bot_id', 'conversation_id', 'seq'])
    .execute();
  await db.schema
    .createTable('live_owners')
    .addColumn('bot_id', 'text', (c) => c.primaryKey())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('notify_after_min', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('seen_at', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('live_owners').execute();
  await db.schema.dropTable('live_events').execute();
  await db.schema.dropTable('live_conversations').execute();
}
