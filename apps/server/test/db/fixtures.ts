import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, NewBot, NewDocument, NewUser } from '../../src/db/schema.js';

/** Minimal valid rows for the data-layer tests; each takes overrides. */
export const now = () => new Date().toISOString();
export const id = () => randomUUID();

export async function insertUser(db: Kysely<Database>, over: Partial<NewUser> = {}): Promise<string> {
  const row: NewUser = {
    id: id(),
    email: 'owner@example.com',
    display_name: 'Owner',
    email_verified: 1,
    created_at: now(),
    last_seen_at: now(),
    ...over,
  };
  await db.insertInto('users').values(row).execute();
  return row.id;
}

/** A document and its text (`text` in `over` is the text's). */
export async function insertDocument(
  db: Kysely<Database>,
  { text = 'Hello world', ...over }: Partial<NewDocument> & { text?: string } = {},
): Promise<string> {
  const row: NewDocument = {
    id: id(),
    original_name: 'menu.pdf',
    stored_path: 'documents/menu.pdf',
    mime_type: 'application/pdf',
    size_bytes: 1234,
    text_chars: text.length,
    created_at: now(),
    ...over,
  };
  await db.insertInto('documents').values(row).execute();
  await db.insertInto('document_texts').values({ document_id: row.id, text, pages: null }).execute();
  return row.id;
}

export async function insertBot(
  db: Kysely<Database>,
  userId: string,
  over: Partial<NewBot> = {},
): Promise<string> {
  const row: NewBot = {
    id: id(),
    user_id: userId,
    share_id: id(),
    name: 'Vuxo',
    welcome_message: 'Hello! How can I help you today?',
    tone: 'friendly',
    creativity: 'balanced',
    bot_type: 'text',
    theme_id: 'default',
    status: 'configuring',
    created_at: now(),
    updated_at: now(),
    ...over,
  };
  await db.insertInto('bots').values(row).execute();
  return row.id;
}
