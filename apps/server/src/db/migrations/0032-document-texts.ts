import { sql, type Kysely } from 'kysely';

/**
 * A document's text and pages in a table of their own (decision 121). SQLite writes a whole row again when any of
 * its columns changes and walks a large value's overflow pages to reach the columns after it: with the text in
 * `documents`, saving the wizard's bot (its session deleted, `documents.session_id` set null) rewrote megabytes,
 * and the upload sweep read every bot's text to compare `created_at`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('document_texts')
    .addColumn('document_id', 'text', (c) => c.primaryKey().references('documents.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('pages', 'text')
    .execute();
  await sql`insert into document_texts (document_id, text, pages) select id, text, pages from documents`.execute(
    db,
  );
  await db.schema.alterTable('documents').dropColumn('text').execute();
  await db.schema.alterTable('documents').dropColumn('pages').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('documents')
    .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('documents').addColumn('pages', 'text').execute();
  await sql`update documents set text = (select t.text from document_texts t where t.document_id = documents.id),
    pages = (select t.pages from document_texts t where t.document_id = documents.id)`.execute(db);
  await db.schema.dropTable('document_texts').execute();
}
