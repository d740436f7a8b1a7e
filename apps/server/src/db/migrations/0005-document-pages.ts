import { sql, type Kysely } from 'kysely';

const PAGE_BREAK = '\f';

/**
 * A PDF's pages are kept as data beside its text (`documents.pages`, JSON of `{ page, text }`), where they
 * were folded into the text with form feeds and split again by every build. The `passages` table goes: a
 * build keeps its passages inside the bot's retrieval index, and nothing read the table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('documents').addColumn('pages', 'text').execute();
  const folded = await sql<{
    id: string;
  }>`select id from documents where text like ${`%${PAGE_BREAK}%`}`.execute(db);
  for (const { id } of folded.rows) {
    const row = await sql<{ text: string }>`select text from documents where id = ${id}`.execute(db);
    const pages = row.rows[0]!.text.split(PAGE_BREAK).map((text, i) => ({ page: i + 1, text }));
    const text = pages.map((p) => p.text).join('\n\n');
    await sql`update documents set text = ${text}, pages = ${JSON.stringify(pages)} where id = ${id}`.execute(
      db,
    );
  }
  await db.schema.dropTable('passages').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('passages')
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('ordinal', 'integer', (c) => c.notNull())
    .addColumn('heading', 'text')
    .addColumn('page', 'integer')
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('token_count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('passages_pk', ['document_id', 'ordinal'])
    .execute();
  const paged = await sql<{
    id: string;
    pages: string;
  }>`select id, pages from documents where pages is not null`.execute(db);
  for (const { id, pages } of paged.rows) {
    const text = (JSON.parse(pages) as { text: string }[]).map((p) => p.text).join(PAGE_BREAK);
    await sql`update documents set text = ${text} where id = ${id}`.execute(db);
  }
  await db.schema.alterTable('documents').dropColumn('pages').execute();
}
