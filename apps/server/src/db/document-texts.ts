import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/**
 * Stores a new document's text beside its row in `documents` (migration 0032), in the same transaction; a
 * document read again (the site's own bots) keeps the text it has.
 */
export async function insertDocumentText(
  db: Kysely<Database>,
  documentId: string,
  extracted: { text: string; pages: readonly unknown[] | null },
): Promise<void> {
  await db
    .insertInto('document_texts')
    .values({
      document_id: documentId,
      text: extracted.text,
      pages: extracted.pages && JSON.stringify(extracted.pages),
    })
    .onConflict((oc) => oc.column('document_id').doNothing())
    .execute();
}
