import type { Kysely, Transaction } from 'kysely';
import {
  BOT_ADMIN_MSG,
  DOCUMENTS_MSG,
  ERROR_CODES,
  WIZARD_MSG,
  type BotDocument,
  type BotDocumentsResponse,
} from '@vuxo/shared';
import type { FileStore } from '../adapters/files/file-store.js';
import { botsRepository } from '../db/bots-repository.js';
import type { Database } from '../db/schema.js';
import { insertDocumentText } from '../db/document-texts.js';
import { AppError } from '../errors.js';
import { newId } from '../ids.js';
import type { EnqueueOptions } from '../jobs/job-queue.js';
import { READING_LOST_MS } from './document-readings.js';
import { currentPlan } from './plans.js';
import type { ExtractedUpload } from './wizard-sessions.js';

export const KNOWLEDGE_REBUILD_JOB = 'knowledge.rebuild';
export interface KnowledgeRebuildPayload {
  botId: string;
}

export interface BotDocumentsDeps {
  db: Kysely<Database>;
  dialect: 'sqlite' | 'postgres';
  files: FileStore;
  jobs: {
    enqueue<P>(kind: string, payload: P, options?: EnqueueOptions): Promise<unknown>;
    wake(): void;
  };
  /** Rebuilds a Ready bot's knowledge from its documents in use and its ready pages, now. */
  rebuildKnowledge(botId: string): Promise<void>;
}

/** What the owner asks for: a document in place of `documentId`, or (without it) one more. */
export interface DocumentChange {
  botId: string;
  documentId?: string | undefined;
}

/** A document being read (`bot_documents.reading`): its upload's name, and pages read of pages to read. */
export interface ChangeReading {
  fileName: string;
  done: number;
  total: number;
}

const parseReading = (json: string | null): ChangeReading | null => {
  if (!json) return null;
  try {
    return JSON.parse(json) as ChangeReading;
  } catch {
    return null;
  }
};

/**
 * An owner's documents of a bot: the wizard's one replaced, or more added within the plan's `maxDocuments`. An
 * upload is `reading` while it is read in the background (decision 084, document-change-readings.ts), then waits as
 * `pending` while one rebuild job (however often the owner presses) builds the bot's knowledge with it; the bot
 * answers from its old index until that job publishes the new one and puts the document in use in the same
 * transaction (decision 065). A failed reading or rebuild drops the change and records why.
 */
export function botDocumentsService(deps: BotDocumentsDeps) {
  const { db, dialect, files, jobs } = deps;

  /**
   * The owner's live bot; in a change's transaction (`lock`), locked on PostgreSQL so changes go one at a time.
   */
  async function ownBot(
    userId: string,
    botId: string,
    executor: Kysely<Database> = db,
    lock = executor !== db,
  ) {
    const bot = await botsRepository(executor)
      .ownedBy(userId, botId)
      .select(['bots.id', 'bots.status', 'bots.document_id', 'bots.knowledge_error'])
      .$if(dialect === 'postgres' && lock, (q) => q.forUpdate())
      .executeTakeFirst();
    if (!bot) throw new AppError('notFound', BOT_ADMIN_MSG.botNotFound, ERROR_CODES.botNotFound);
    return bot;
  }

  /** The bot's other documents, those waiting and those being read (which have no `documents` row yet). */
  const rowsOf = async (botId: string, executor: Kysely<Database> = db) => {
    const rows = await executor
      .selectFrom('bot_documents')
      .leftJoin('documents', 'documents.id', 'bot_documents.document_id')
      .select([
        'bot_documents.document_id',
        'bot_documents.status',
        'bot_documents.replaces',
        'bot_documents.reading',
        'bot_documents.reading_at',
        'documents.original_name',
      ])
      .where('bot_documents.bot_id', '=', botId)
      .orderBy('bot_documents.created_at')
      .orderBy('bot_documents.document_id')
      .execute();
    return rows.map(({ reading, reading_at, original_name, ...row }) => {
      const progress = parseReading(reading);
      return {
        ...row,
        name: original_name ?? progress?.fileName ?? '',
        reading: progress,
        // Unchanged far longer than a page takes, and its job gave up: told as failed, never as under way.
        lost: row.status === 'reading' && Date.now() - Date.parse(reading_at ?? '') > READING_LOST_MS,
      };
    });
  };

  /**
   * Refuses a change the bot or the plan does not allow; runs before the upload is read, and again when it is
   * (`except`: the row of the reading itself, not counted against the plan).
   */
  async function check(
    userId: string,
    change: DocumentChange,
    executor: Kysely<Database> = db,
    except?: string,
  ) {
    const bot = await ownBot(userId, change.botId, executor);
    if (bot.status !== 'cag_generated' && bot.status !== 'active')
      throw new AppError('conflict', DOCUMENTS_MSG.botNotReady);
    const rows = await rowsOf(bot.id, executor);
    if (change.documentId !== undefined) {
      const inUse =
        change.documentId === bot.document_id ||
        rows.some((row) => row.document_id === change.documentId && row.status === 'ready');
      if (!inUse) throw new AppError('notFound', DOCUMENTS_MSG.documentNotFound);
      return rows;
    }
    const { maxDocuments } = await currentPlan(executor, userId);
    const counted =
      1 +
      rows.filter(
        (row) => row.document_id !== except && !row.lost && (row.status === 'ready' || row.replaces === null),
      ).length;
    if (counted >= maxDocuments) {
      throw new AppError(
        'forbidden',
        DOCUMENTS_MSG.limitReached(maxDocuments),
        ERROR_CODES.documentLimitReached,
        { maxDocuments },
      );
    }
    return rows;
  }

  /** One rebuild job per bot: a press while one is queued only changes what it will build. */
  async function scheduleRebuild(trx: Transaction<Database>, botId: string) {
    const payload = JSON.stringify({ botId } satisfies KnowledgeRebuildPayload);
    const queued = await trx
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', KNOWLEDGE_REBUILD_JOB)
      .where('status', '=', 'queued')
      .where('payload', '=', payload)
      .executeTakeFirst();
    if (!queued)
      await jobs.enqueue<KnowledgeRebuildPayload>(KNOWLEDGE_REBUILD_JOB, { botId }, { trx, maxAttempts: 2 });
  }

  /** The reading's row, while it is still being read (a row superseded, failed or read is not). */
  const whileReading = (trx: Kysely<Database>, documentId: string) =>
    trx.updateTable('bot_documents').where('document_id', '=', documentId).where('status', '=', 'reading');

  return {
    check: (userId: string, change: DocumentChange) => check(userId, change).then(() => undefined),

    async list(userId: string, botId: string): Promise<BotDocumentsResponse> {
      // One snapshot: read apart, a rebuild committing between the reads showed its pending document gone but not
      // the reason it failed (or the replaced document beside its replacement).
      const { bot, first, rows, plan } = await db
        .transaction()
        .setIsolationLevel('repeatable read')
        .execute(async (trx) => {
          const bot = await ownBot(userId, botId, trx, false);
          const first = await trx
            .selectFrom('documents')
            .select(['id', 'original_name'])
            .where('id', '=', bot.document_id ?? '')
            .executeTakeFirst();
          return { bot, first, rows: await rowsOf(botId, trx), plan: await currentPlan(trx, userId) };
        });
      const documents: BotDocument[] = [
        ...(first ? [{ id: first.id, name: first.original_name, status: 'ready' as const }] : []),
        ...rows
          .filter((row) => !row.lost)
          .map((row) => ({
            id: row.document_id,
            name: row.name,
            status: row.status,
            ...(row.replaces ? { replaces: row.replaces } : {}),
            ...(row.status === 'reading' && row.reading
              ? { reading: { done: row.reading.done, total: row.reading.total } }
              : {}),
          })),
      ];
      const error = bot.knowledge_error ?? (rows.some((row) => row.lost) ? WIZARD_MSG.readingStopped : null);
      return { documents, maxDocuments: plan.maxDocuments, ...(error ? { error } : {}) };
    },

    /**
     * Records the owner's change as a document being read, after the same checks as before, and (in the same
     * transaction, `watch`) the job that reads it again if this process stops. A press replacing a document whose
     * earlier upload is still being read takes its place: that reading stops at its next page. Returns its id.
     */
    async beginReading(
      userId: string,
      change: DocumentChange,
      fileName: string,
      watch: (trx: Transaction<Database>, documentId: string) => Promise<unknown>,
    ): Promise<{ id: string }> {
      const id = newId('doc');
      await db.transaction().execute(async (trx) => {
        const rows = await check(userId, change, trx);
        const now = new Date().toISOString();
        // A press replacing the same document as a reading under way takes its place; a reading lost long ago
        // (told as stopped) is dropped with the reason, as the next change clears a failed one's.
        const earlier = rows.filter(
          (row) =>
            row.lost || (row.status === 'reading' && change.documentId && row.replaces === change.documentId),
        );
        for (const row of earlier)
          await trx.deleteFrom('bot_documents').where('document_id', '=', row.document_id).execute();
        const reading: ChangeReading = { fileName, done: 0, total: 0 };
        await trx
          .insertInto('bot_documents')
          .values({
            document_id: id,
            bot_id: change.botId,
            status: 'reading',
            replaces: change.documentId ?? null,
            created_at: now,
            reading: JSON.stringify(reading),
            reading_at: now,
          })
          .execute();
        // A new change: the reason the last one failed is no longer the news.
        await botsRepository(trx).clearKnowledgeError(change.botId);
        await watch(trx, id);
      });
      return { id };
    },

    /** The reading's row as the job finds it; null once it ended (read, failed or superseded). */
    async reading(documentId: string) {
      const row = await db
        .selectFrom('bot_documents')
        .select(['reading', 'reading_at'])
        .where('document_id', '=', documentId)
        .where('status', '=', 'reading')
        .executeTakeFirst();
      const reading = parseReading(row?.reading ?? null);
      return row && reading ? { reading, at: row.reading_at ?? '' } : null;
    },

    /** Records pages read (or only that it goes on); false when the reading is no longer under way. */
    async updateReading(documentId: string, reading: ChangeReading): Promise<boolean> {
      const result = await whileReading(db, documentId)
        .set({ reading: JSON.stringify(reading), reading_at: new Date().toISOString() })
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * The document read: stored, and its row made `pending` with the rebuild scheduled, in one transaction, after
     * the checks of the press again (the bot may have been deleted or the document replaced meanwhile). A press
     * replacing the same document drops the earlier pending upload. False when the reading was superseded.
     */
    async finishReading(
      userId: string,
      change: DocumentChange,
      documentId: string,
      upload: { originalName: string; bytes: Uint8Array; extracted: ExtractedUpload },
    ): Promise<boolean> {
      const { extracted } = upload;
      const storedPath = await files.save('documents', `${documentId}${extracted.extension}`, upload.bytes);
      let finished = false;
      try {
        await db.transaction().execute(async (trx) => {
          const rows = await check(userId, change, trx, documentId);
          if (!rows.some((row) => row.document_id === documentId && row.status === 'reading')) return;
          await trx
            .insertInto('documents')
            .values({
              id: documentId,
              session_id: null,
              original_name: upload.originalName,
              stored_path: storedPath,
              mime_type: extracted.mimeType,
              size_bytes: upload.bytes.byteLength,
              text_chars: extracted.text.length,
              created_at: new Date().toISOString(),
            })
            .execute();
          await insertDocumentText(trx, documentId, extracted);
          // A second press replacing the same document takes the place of the first one's upload.
          const earlier = rows.filter(
            (row) => row.status === 'pending' && change.documentId && row.replaces === change.documentId,
          );
          for (const row of earlier)
            await trx.deleteFrom('bot_documents').where('document_id', '=', row.document_id).execute();
          await whileReading(trx, documentId)
            .set({ status: 'pending', reading: null, reading_at: null })
            .execute();
          await scheduleRebuild(trx, change.botId);
          finished = true;
        });
      } finally {
        if (!finished) await files.remove(storedPath);
      }
      if (finished) jobs.wake();
      return finished;
    },

    /**
     * A reading that failed: its row is dropped and the owner reads why, with the upload's own message; the bot
     * keeps its documents as they were. Nothing changes if the reading had already ended (or was superseded).
     */
    async failReading(botId: string, documentId: string, reason: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const dropped = await trx
          .deleteFrom('bot_documents')
          .where('document_id', '=', documentId)
          .where('status', '=', 'reading')
          .executeTakeFirst();
        if (Number(dropped.numDeletedRows) > 0)
          await trx.updateTable('bots').set({ knowledge_error: reason }).where('id', '=', botId).execute();
      });
    },

    /** Removes one of the other documents, and rebuilds the bot's knowledge without it before answering. */
    async remove(userId: string, botId: string, documentId: string): Promise<void> {
      const bot = await ownBot(userId, botId);
      if (documentId === bot.document_id) throw new AppError('conflict', DOCUMENTS_MSG.lastDocument);
      const removed = await db
        .deleteFrom('bot_documents')
        .where('bot_id', '=', botId)
        .where('document_id', '=', documentId)
        .executeTakeFirst();
      if (Number(removed.numDeletedRows) === 0)
        throw new AppError('notFound', DOCUMENTS_MSG.documentNotFound);
      await deps.rebuildKnowledge(botId);
    },
  };
}
export type BotDocumentsService = ReturnType<typeof botDocumentsService>;
