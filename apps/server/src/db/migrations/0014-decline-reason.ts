import type { Kysely } from 'kysely';

/**
 * Why the built-in engine declined a message (rule, the question's words it turned on, the kind of fact asked
 * for), as JSON; null for answers and for rows older than the column. Shown in the owner's missed questions,
 * never to visitors.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('chat_messages').addColumn('decline_reason', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('chat_messages').dropColumn('decline_reason').execute();
}
