import type { Kysely } from 'kysely';

/**
 * A wizard session's document being read by OCR in the background (decision 073): its progress, outcome or
 * refusal, as JSON (`DocumentReading` of the shared package), so any server process can answer the wizard's poll.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('wizard_sessions').addColumn('reading', 'text').execute();
  await db.schema.alterTable('wizard_sessions').addColumn('reading_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('wizard_sessions').dropColumn('reading_at').execute();
  await db.schema.alterTable('wizard_sessions').dropColumn('reading').execute();
}
