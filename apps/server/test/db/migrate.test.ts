import { sql, type Kysely } from 'kysely';
import * as migrations from '../../src/db/migrate.js';
import type { Database } from '../../src/db/schema.js';
import { packIndex, storedIndexOf } from '../../src/db/packed-index.js';
import { dataLayerDatabases, type TestDatabase } from '../support/databases.js';
import { COLUMNS } from './schema-columns.js';

/** The tables in the database's own schema (PostgreSQL lists every schema it can see). */
async function ownTables(database: TestDatabase) {
  const { db, dialect } = database;
  const tables = await database.whileNoOtherSchemaChanges(() => db.introspection.getTables());
  if (dialect === 'sqlite') return tables;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return tables.filter((t) => t.schema === rows[0]?.schema);
}

describe.each(dataLayerDatabases())('migrations on $name', ({ open }) => {
  let database: TestDatabase;
  let db: Kysely<Database>;
  beforeEach(async () => {
    database = await open({ migrate: false });
    db = database.db;
  });
  // Kysely's migrator reads every schema's tables: not while another worker changes one.
  const migrateToLatest = (on: Kysely<Database>) =>
    database.whileNoOtherSchemaChanges(() => migrations.migrateToLatest(on));
  const migrateTo = (on: Kysely<Database>, name: Parameters<typeof migrations.migrateTo>[1]) =>
    database.whileNoOtherSchemaChanges(() => migrations.migrateTo(on, name));
  afterEach(() => database.close());

  it('start from an empty database, and a second run is a no-op', async () => {
    expect(await ownTables(database)).toEqual([]);
    expect(await migrateToLatest(db)).toEqual([
      '0001-initial',
      '0002-bot-indexes',
      '0003-bot-contact-email',
      '0004-bot-index-version',
      '0005-document-pages',
      '0006-payment-events',
      '0007-contact-company',
      '0008-insights',
      '0009-bot-sources',
      '0010-model-usage',
      '0011-plan-credits',
      '0012-bot-kept-live',
      '0013-bot-fact-edits',
      '0014-decline-reason',
      '0015-message-correction',
      '0016-message-unsure',
      '0017-bot-no-contact',
      '0018-bot-documents',
      '0021-emails',
      '0022-visitor-requests',
      '0023-document-readings',
      '0024-mail-confirmations',
      '0025-bot-document-readings',
      '0026-bot-owner-questions',
      '0027-api-keys',
      '0028-webhooks',
      '0029-live-conversations',
      '0030-source-refreshes',
      '0031-packed-indexes',
      '0032-document-texts',
    ]);
    expect(await migrateToLatest(db)).toEqual([]);
  });

  it("move a built bot's retrieval index out of bots into bot_indexes (0002)", async () => {
    await migrateTo(db, '0001-initial');
    const now = new Date().toISOString();
    await sql`insert into users (id, email_verified, created_at, last_seen_at) values ('u1', 1, ${now}, ${now})`.execute(
      db,
    );
    for (const [id, index] of [
      ['built', '{"version":1}'],
      ['building', null],
    ] as const) {
      await sql`insert into bots (id, user_id, share_id, name, welcome_message, tone, creativity, bot_type,
        theme_id, status, retrieval_index, created_at, updated_at)
        values (${id}, 'u1', ${`share-${id}`}, 'Bot', 'Hi', 'friendly', 'restricted', 'general', 'default',
        'cag_generated', ${index}, ${now}, ${now})`.execute(db);
    }
    expect(await migrateTo(db, '0002-bot-indexes')).toEqual(['0002-bot-indexes']);
    expect(await db.selectFrom('bot_indexes').selectAll().execute()).toEqual([
      { bot_id: 'built', retrieval_index: '{"version":1}' },
    ]);
    expect(await db.selectFrom('bots').select('id').orderBy('id').execute()).toHaveLength(2);
  });

  it("give existing bots no contact of their own (0003): they keep the owner's sign-in email", async () => {
    await migrateTo(db, '0002-bot-indexes');
    const now = new Date().toISOString();
    await sql`insert into users (id, email, email_verified, created_at, last_seen_at)
      values ('u1', 'owner@example.com', 1, ${now}, ${now})`.execute(db);
    await sql`insert into bots (id, user_id, share_id, name, welcome_message, tone, creativity, bot_type,
      theme_id, status, created_at, updated_at)
      values ('b1', 'u1', 'share-b1', 'Bot', 'Hi', 'friendly', 'restricted', 'text', 'default',
      'cag_generated', ${now}, ${now})`.execute(db);
    expect(await migrateTo(db, '0003-bot-contact-email')).toEqual(['0003-bot-contact-email']);
    expect(await db.selectFrom('bots').select(['id', 'contact_email', 'updated_at']).execute()).toEqual([
      { id: 'b1', contact_email: null, updated_at: now },
    ]);
    await db.updateTable('bots').set({ contact_email: 'help@example.com' }).execute();
    expect(
      (await db.selectFrom('bots').select('contact_email').executeTakeFirstOrThrow()).contact_email,
    ).toBe('help@example.com');
  });

  it('give existing bots their last change as the index version (0004), which builds set from then on', async () => {
    await migrateTo(db, '0003-bot-contact-email');
    const then = '2026-01-02T03:04:05.000Z';
    await sql`insert into users (id, email_verified, created_at, last_seen_at) values ('u1', 1, ${then}, ${then})`.execute(
      db,
    );
    await sql`insert into bots (id, user_id, share_id, name, welcome_message, tone, creativity, bot_type,
      theme_id, status, created_at, updated_at)
      values ('b1', 'u1', 'share-b1', 'Bot', 'Hi', 'friendly', 'restricted', 'text', 'default',
      'cag_generated', ${then}, ${then})`.execute(db);
    expect(await migrateTo(db, '0004-bot-index-version')).toEqual(['0004-bot-index-version']);
    expect(await db.selectFrom('bots').select(['index_version', 'updated_at']).execute()).toEqual([
      { index_version: then, updated_at: then },
    ]);
  });

  it("unfold a PDF's pages from its text into pages (0005), and leave other documents as they were", async () => {
    await migrateTo(db, '0004-bot-index-version');
    const then = '2026-01-02T03:04:05.000Z';
    const insert = (id: string, text: string) =>
      sql`insert into documents (id, original_name, stored_path, mime_type, size_bytes, text_chars, text,
        created_at) values (${id}, 'a', ${`documents/${id}`}, 'text/plain', 1, 1, ${text}, ${then})`.execute(
        db,
      );
    await insert('pdf', 'First page\fSecond page\f');
    await insert('txt', 'Plain text\n\nTwo paragraphs');
    expect(await migrateTo(db, '0005-document-pages')).toEqual(['0005-document-pages']);
    // The text was still in `documents` then (0032 moved it).
    const before0032 = db as unknown as Kysely<{
      documents: { id: string; text: string; pages: string | null };
    }>;
    const rows = await before0032
      .selectFrom('documents')
      .select(['id', 'text', 'pages'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      {
        id: 'pdf',
        text: 'First page\n\nSecond page\n\n',
        pages: JSON.stringify([
          { page: 1, text: 'First page' },
          { page: 2, text: 'Second page' },
          { page: 3, text: '' },
        ]),
      },
      { id: 'txt', text: 'Plain text\n\nTwo paragraphs', pages: null },
    ]);
  });

  it('give logged messages no decline reason (0014): older declines show none', async () => {
    await migrateTo(db, '0013-bot-fact-edits');
    const then = '2026-01-02T03:04:05.000Z';
    await sql`insert into users (id, email_verified, created_at, last_seen_at) values ('u1', 1, ${then}, ${then})`.execute(
      db,
    );
    await sql`insert into bots (id, user_id, share_id, name, welcome_message, tone, creativity, bot_type,
      theme_id, status, created_at, updated_at)
      values ('b1', 'u1', 'share-b1', 'Bot', 'Hi', 'friendly', 'restricted', 'text', 'default',
      'cag_generated', ${then}, ${then})`.execute(db);
    await sql`insert into chat_messages (id, bot_id, conversation_id, visitor, question, reply, kind, sources,
      asked_at) values ('m1', 'b1', 'c1', 'v1', 'Do you take amex?', 'Sorry', 'declined', '[]', ${then})`.execute(
      db,
    );
    expect(await migrateTo(db, '0014-decline-reason')).toEqual(['0014-decline-reason']);
    expect(await db.selectFrom('chat_messages').select(['id', 'kind', 'decline_reason']).execute()).toEqual([
      { id: 'm1', kind: 'declined', decline_reason: null },
    ]);
  });

  it('give existing bots a contact (0017): each keeps the one it had, none is left without', async () => {
    await migrateTo(db, '0016-message-unsure');
    const then = '2026-01-02T03:04:05.000Z';
    await sql`insert into users (id, email, email_verified, created_at, last_seen_at)
      values ('u1', 'owner@example.com', 1, ${then}, ${then})`.execute(db);
    for (const [id, contact] of [
      ['own', 'help@example.com'],
      ['default', null],
    ] as const) {
      await sql`insert into bots (id, user_id, share_id, name, welcome_message, tone, creativity, bot_type,
        theme_id, status, contact_email, created_at, updated_at)
        values (${id}, 'u1', ${`share-${id}`}, 'Bot', 'Hi', 'friendly', 'restricted', 'text', 'default',
        'cag_generated', ${contact}, ${then}, ${then})`.execute(db);
    }
    expect(await migrateTo(db, '0017-bot-no-contact')).toEqual(['0017-bot-no-contact']);
    const rows = await db
      .selectFrom('bots')
      .select(['id', 'contact_email', 'no_contact', 'updated_at'])
      .orderBy('id')
      .execute();
    expect(rows.map((row) => ({ ...row, no_contact: Number(row.no_contact) }))).toEqual([
      { id: 'default', contact_email: null, no_contact: 0, updated_at: then },
      { id: 'own', contact_email: 'help@example.com', no_contact: 0, updated_at: then },
    ]);
  });

  it('keep an index built before 0031 readable as text, and read a packed one after', async () => {
    await migrateTo(db, '0030-source-refreshes');
    const now = new Date().toISOString();
    await sql`insert into users (id, email_verified, created_at, last_seen_at) values ('u1', 1, ${now}, ${now})`.execute(
      db,
    );
    await sql`insert into bots (id, user_id, share_id, name, welcome_message, tone, creativity, bot_type,
      theme_id, status, created_at, updated_at)
      values ('old', 'u1', 'share-old', 'Bot', 'Hi', 'friendly', 'restricted', 'text', 'default',
      'cag_generated', ${now}, ${now})`.execute(db);
    await sql`insert into bot_indexes (bot_id, retrieval_index) values ('old', '{"version":1}')`.execute(db);
    expect(await migrateTo(db, '0031-packed-indexes')).toEqual(['0031-packed-indexes']);
    expect(await storedIndexOf(db, 'old')).toBe('{"version":1}');

    const packed = await packIndex('{"version":2}');
    await db.updateTable('bot_indexes').set({ retrieval_index: '', packed_index: packed }).execute();
    expect(await storedIndexOf(db, 'old')).toBe('{"version":2}');
    expect(await storedIndexOf(db, 'unknown')).toBeNull();
  });

  it('move documents’ text into document_texts (0032), deleted with its document', async () => {
    await migrateTo(db, '0031-packed-indexes');
    const then = new Date().toISOString();
    await sql`insert into documents (id, original_name, stored_path, mime_type, size_bytes, text_chars, text, pages,
      created_at) values ('d1', 'a.pdf', 'documents/d1', 'application/pdf', 1, 9, 'Page one.', '[]', ${then})`.execute(
      db,
    );
    expect(await migrateTo(db, '0032-document-texts')).toEqual(['0032-document-texts']);
    expect(await db.selectFrom('document_texts').selectAll().execute()).toEqual([
      { document_id: 'd1', text: 'Page one.', pages: '[]' },
    ]);
    expect(await db.selectFrom('documents').select(['id', 'text_chars']).execute()).toEqual([
      { id: 'd1', text_chars: 9 },
    ]);
    await db.deleteFrom('documents').where('id', '=', 'd1').execute();
    expect(await db.selectFrom('document_texts').selectAll().execute()).toEqual([]);
  });

  it('create every table with exactly the columns schema.ts declares', async () => {
    await migrateToLatest(db);
    const tables = await ownTables(database);
    const actual = Object.fromEntries(tables.map((t) => [t.name, t.columns.map((c) => c.name).sort()]));
    const expected = Object.fromEntries(
      Object.entries(COLUMNS).map(([table, columns]) => [table, Object.keys(columns).sort()]),
    );
    expect(actual).toEqual(expected);
  });

  it('leave every table queryable, counts coming back as numbers', async () => {
    await migrateToLatest(db);
    for (const table of Object.keys(COLUMNS) as (keyof Database)[]) {
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(row.n).toBe(0);
    }
  });
});
