import type { Kysely } from 'kysely';

/**
 * A bot's document being read in the background after the owner's replace or add (decision 084): the
 * `bot_documents` row is `reading` until the document is read, with its progress (JSON `{ fileName, done, total }`)
 * and when that last changed, so any server process answers the owner's list and a stopped reading is read again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bot_documents').addColumn('reading', 'text').execute();
  await db.schema.alterTable('bot_documents').addColumn('reading_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bot_documents').dropColumn('reading_at').execute();
  await db.schema.alterTable('bot_documents').dropColumn('reading').execute();
}
