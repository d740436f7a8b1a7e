import type { Kysely } from 'kysely';

/**
 * Why the built-in engine was unsure of an answer it gave (JSON of UnsureReason: a low-confidence source, or the
 * kind of fact asked for missing; decision 064); null for confident answers, declines and older rows. Listed in the
 * owner's missed questions for review, never shown to visitors.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('chat_messages').addColumn('unsure_reason', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('chat_messages').dropColumn('unsure_reason').execute();
}
