import type { Kysely, Transaction } from 'kysely';
import {
  DOCUMENT_PREVIEW_MAX_CHARS,
  DOCUMENT_TEXT_MAX_CHARS,
  WIZARD_MSG,
  WIZARD_SESSION_TTL_MS,
  documentReadingSchema,
  type DocumentReading,
  type OcrReadout,
  type SaveDocumentTextFields,
} from '@vuxo/shared';
import type { Database } from '../db/schema.js';
import { insertDocumentText } from '../db/document-texts.js';
import type { FileStore } from '../adapters/files/file-store.js';
import { normalizeText } from '../engine/extract/normalize-text.js';
import { AppError } from '../errors.js';
import { newId } from '../ids.js';

/** What extraction gives the wizard: the text, and for a PDF its pages. */
export interface ExtractedUpload {
  extension: string;
  mimeType: string;
  text: string;
  pages: { page: number; text: string }[] | null;
  /** Set when some text was read by OCR: the pages, and the words it was unsure of. */
  ocr: OcrReadout | null;
}

/** Who sent an upload: the address the server computed for the request, and the verified user, if signed in. */
export interface ExtractionCaller {
  address: string;
  userId: string | null;
}

/**
 * Reads an upload in the extraction process, OCR included up to the plan's page count (decisions 014, 066);
 * its slots are shared fairly between callers (the first argument; decision 086).
 */
export type ExtractDocument = (
  caller: ExtractionCaller,
  bytes: Uint8Array,
  options: {
    ocrMaxPages: number;
    /** Called before each page OCR reads: pages done, pages to read. */
    onProgress?: (done: number, total: number) => void;
    signal?: AbortSignal;
  },
) => Promise<ExtractedUpload>;

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
export function wizardSessionsService({ db, files }: { db: Kysely<Database>; files: FileStore }) {
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

  /**
   * A wizard coming back to a scan read in the background shows the session's reading: it now shows the owner's
   * text, as the wizard that saved it does (nothing in it unsure any more). Another reading is left as it is.
   */
  async function keepFixInReading(sessionId: string, filePath: string, text: string, preview: string) {
    const row = await db
      .selectFrom('wizard_sessions')
      .select('reading')
      .where('id', '=', sessionId)
      .executeTakeFirst();
    if (!row?.reading) return;
    const parsed = documentReadingSchema.safeParse(JSON.parse(row.reading));
    if (!parsed.success || parsed.data.status !== 'ready') return;
    const { document } = parsed.data;
    if (document.filePath !== filePath || !document.ocr) return;
    const fixed: DocumentReading = {
      ...parsed.data,
      document: { ...document, text: preview, ocr: { ...document.ocr, text, unsure: [] } },
    };
    await db
      .updateTable('wizard_sessions')
      .set({ reading: JSON.stringify(fixed) })
      .where('id', '=', sessionId)
      .where('reading', '=', row.reading)
      .execute();
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
              created_at: new Date().toISOString(),
            })
            .execute();
          await insertDocumentText(trx, id, extracted);
          await trx
            .updateTable('wizard_sessions')
            .set({ document_id: id })
            .where('id', '=', input.sessionId)
            .execute();
        }),
      );
      return { filePath: id, preview: previewOf(extracted.text), pageCount: extracted.pages?.length ?? null };
    },

    /**
     * The owner's correction of the session's document (text OCR read), normalized and limited like extracted
     * text. Its pages are dropped, so the build reads the corrected text rather than the pages as read.
     * Another user's session, an expired one, or a document no longer in it is the same 404.
     */
    async saveDocumentText(
      input: SaveDocumentTextFields & { text: string; userId: string | null },
    ): Promise<string> {
      const text = normalizeText(input.text);
      if (text.length > DOCUMENT_TEXT_MAX_CHARS)
        throw new AppError('invalid', WIZARD_MSG.documentTextTooLong);
      const now = new Date().toISOString();
      const updated = await db.transaction().execute(async (trx) => {
        const counted = await trx
          .updateTable('documents')
          .set({ text_chars: text.length })
          .where('id', '=', input.filePath)
          .where('session_id', '=', input.sessionId)
          .where((eb) =>
            eb.exists(
              eb
                .selectFrom('wizard_sessions')
                .select('id')
                .where('id', '=', input.sessionId)
                .where('expires_at', '>', now)
                .where((own) =>
                  own.or([
                    own('user_id', 'is', null),
                    ...(input.userId ? [own('user_id', '=', input.userId)] : []),
                  ]),
                ),
            ),
          )
          .executeTakeFirst();
        if (Number(counted.numUpdatedRows) > 0)
          await trx
            .updateTable('document_texts')
            .set({ text, pages: null })
            .where('document_id', '=', input.filePath)
            .execute();
        return counted;
      });
      if (Number(updated.numUpdatedRows) === 0) throw new AppError('notFound', WIZARD_MSG.documentGone);
      const preview = previewOf(text);
      await keepFixInReading(input.sessionId, input.filePath, text, preview);
      return preview;
    },

    /** Claims the session for the caller, as an upload does, and records its reading as begun. */
    async startReading(input: { sessionId: string; userId: string | null; reading: DocumentReading }) {
      await db.transaction().execute(async (trx) => {
        await openSession(trx, input.sessionId, input.userId);
        await trx
          .updateTable('wizard_sessions')
          .set({ reading: JSON.stringify(input.reading), reading_at: new Date().toISOString() })
          .where('id', '=', input.sessionId)
          .execute();
      });
    },

    /**
     * Records the reading's progress or outcome while it is still under way (a reading cancelled or ended
     * stays so); false when it was not.
     */
    async updateReading(sessionId: string, reading: DocumentReading): Promise<boolean> {
      const updated = await db
        .updateTable('wizard_sessions')
        .set({ reading: JSON.stringify(reading), reading_at: new Date().toISOString() })
        .where('id', '=', sessionId)
        // The JSON is ours, written with `status` first.
        .where('reading', 'like', '{"status":"reading"%')
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) > 0;
    },

    /** The session's reading and when it last changed; null without one, or for another user's session. */
    async reading(sessionId: string, userId: string | null) {
      const row = await db
        .selectFrom('wizard_sessions')
        .select(['user_id', 'reading', 'reading_at'])
        .where('id', '=', sessionId)
        .where('expires_at', '>', new Date().toISOString())
        .executeTakeFirst();
      if (!row?.reading || !row.reading_at || (row.user_id && row.user_id !== userId)) return null;
      const parsed = documentReadingSchema.safeParse(JSON.parse(row.reading));
      return parsed.success ? { reading: parsed.data, at: row.reading_at } : null;
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
