import type { Kysely, Transaction } from 'kysely';
import { DOCUMENT_PREVIEW_MAX_CHARS, WIZARD_MSG, WIZARD_SESSION_TTL_MS } from '@vuxo/shared';
import type { Database } from '../db/schema.js';
import type { FileStore } from '../adapters/files/file-store.js';
import { AppError } from '../errors.js';
import { newId } from '../ids.js';

/** What extraction gives the wizard: the text, and for a PDF its pages. */
export interface ExtractedUpload {
  extension: string;
  mimeType: string;
  text: string;
  pages: { page: number; text: string }[] | null;
}

/** What the upload's reply shows of the document: its opening words and, for a PDF, its page count. */
export interface StoredDocument {
  filePath: string;
  preview: string;
  pageCount: number | null;
}

/** The document's first words, on one line, cut at a word within the preview's length. */
export function previewOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= DOCUMENT_PREVIEW_MAX_CHARS) return flat;
  const cut = flat.slice(0, DOCUMENT_PREVIEW_MAX_CHARS - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > DOCUMENT_PREVIEW_MAX_CHARS / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/**
 * The wizard's uploads, kept with its session for 24 hours. Files get
 * server-made names; a failed database write removes the file it just stored.
 */
export function wizardSessionsService(db: Kysely<Database>, files: FileStore) {
  async function openSession(trx: Transaction<Database>, sessionId: string, userId: string | null) {
    const now = new Date();
    const session = await trx
      .selectFrom('wizard_sessions')
      .selectAll()
      .where('id', '=', sessionId)
      .executeTakeFirst();
    if (session && session.user_id && userId !== session.user_id) {
      throw new AppError('conflict', WIZARD_MSG.sessionExpired);
    }
    const expiresAt = new Date(now.getTime() + WIZARD_SESSION_TTL_MS).toISOString();
    if (!session) {
      await trx
        .insertInto('wizard_sessions')
        .values({ id: sessionId, user_id: userId, created_at: now.toISOString(), expires_at: expiresAt })
        .execute();
    } else {
      await trx
        .updateTable('wizard_sessions')
        .set({ user_id: session.user_id ?? userId, expires_at: expiresAt })
        .where('id', '=', sessionId)
        .execute();
    }
  }

  async function keepFile<T>(storedPath: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      await files.remove(storedPath);
      throw error;
    }
  }

  return {
    async storeDocument(input: {
      sessionId: string;
      userId: string | null;
      originalName: string;
      bytes: Uint8Array;
      extracted: ExtractedUpload;
    }): Promise<StoredDocument> {
      const id = newId('doc');
      const { extracted } = input;
      const storedPath = await files.save('documents', `${id}${extracted.extension}`, input.bytes);
      await keepFile(storedPath, () =>
        db.transaction().execute(async (trx) => {
          await openSession(trx, input.sessionId, input.userId);
          await trx
            .insertInto('documents')
            .values({
              id,
              session_id: input.sessionId,
              original_name: input.originalName,
              stored_path: storedPath,
              mime_type: extracted.mimeType,
              size_bytes: input.bytes.byteLength,
              text_chars: extracted.text.length,
              text: extracted.text,
              pages: extracted.pages && JSON.stringify(extracted.pages),
              created_at: new Date().toISOString(),
            })
            .execute();
          await trx
            .updateTable('wizard_sessions')
            .set({ document_id: id })
            .where('id', '=', input.sessionId)
            .execute();
        }),
      );
      return { filePath: id, preview: previewOf(extracted.text), pageCount: extracted.pages?.length ?? null };
    },

    async storeAvatar(input: { sessionId: string; userId: string | null; png: Uint8Array }) {
      const id = newId('img');
      const storedPath = await files.save('avatars', `${id}.png`, input.png);
      await keepFile(storedPath, () =>
        db.transaction().execute(async (trx) => {
          await openSession(trx, input.sessionId, input.userId);
          await trx
            .updateTable('wizard_sessions')
            .set({ image_path: id })
            .where('id', '=', input.sessionId)
            .execute();
        }),
      );
      return { tempImagePath: id };
    },
  };
}
export type WizardSessionsService = ReturnType<typeof wizardSessionsService>;

export const avatarFileOf = (imageId: string) => `avatars/${imageId}.png`;
