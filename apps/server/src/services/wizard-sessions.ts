import type { Kysely, Transaction } from 'kysely';
import { WIZARD_MSG, WIZARD_SESSION_TTL_MS } from '@vuxo/shared';
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

/** Pages are kept in the stored text, separated by form feeds (extraction removes any from the text). */
export const PAGE_BREAK = '\f';

/**
 * The wizard's uploads, kept with its session for 24 hours (decisions, section 2). Files get
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
    }): Promise<{ filePath: string }> {
      const id = newId('doc');
      const storedPath = await files.save('documents', `${id}${input.extracted.extension}`, input.bytes);
      const text = input.extracted.pages
        ? input.extracted.pages.map((p) => p.text).join(PAGE_BREAK)
        : input.extracted.text;
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
              mime_type: input.extracted.mimeType,
              size_bytes: input.bytes.byteLength,
              text_chars: input.extracted.text.length,
              text,
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
      return { filePath: id };
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
