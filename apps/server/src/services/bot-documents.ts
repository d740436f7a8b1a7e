import type { Kysely, Transaction } from 'kysely';
import {
  BOT_ADMIN_MSG,
  DOCUMENTS_MSG,
  ERROR_CODES,
  type BotDocument,
  type BotDocumentsResponse,
} from '@vuxo/shared';
import type { FileStore } from '../adapters/files/file-store.js';
import { botsRepository } from '../db/bots-repository.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../errors.js';
import { newId } from '../ids.js';
import type { EnqueueOptions } from '../jobs/job-queue.js';
import { currentPlan } from './plans.js';
import type { User } from './users.js';
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

/**
 * An owner's documents of a bot: the wizard's one replaced, or more added within the plan's `maxDocuments`. A new
 * document waits as `pending` while one rebuild job (however often the owner presses) builds the bot's knowledge
 * with it; the bot answers from its old index until that job publishes the new one and puts the document in use
 * in the same transaction (decision 065). A failed rebuild drops the pending documents and records why.
 */
export function botDocumentsService(deps: BotDocumentsDeps) {
  const { db, dialect, files, jobs } = deps;

  /**
   * The owner's live bot; in a change's transaction (`lock`), locked on PostgreSQL so changes go one at a time.
   */
  async function ownBot(user: User, botId: string, executor: Kysely<Database> = db, lock = executor !== db) {
    const bot = await botsRepository(executor)
      .ownedBy(user.id, botId)
      .select(['bots.id', 'bots.status', 'bots.document_id', 'bots.knowledge_error'])
      .$if(dialect === 'postgres' && lock, (q) => q.forUpdate())
      .executeTakeFirst();
    if (!bot) throw new AppError('notFound', BOT_ADMIN_MSG.botNotFound, ERROR_CODES.botNotFound);
    return bot;
  }

  const rowsOf = (botId: string, executor: Kysely<Database> = db) =>
    executor
      .selectFrom('bot_documents')
      .innerJoin('documents', 'documents.id', 'bot_documents.document_id')
      .select([
        'bot_documents.document_id',
        'bot_documents.status',
        'bot_documents.replaces',
        'documents.original_name',
      ])
      .where('bot_documents.bot_id', '=', botId)
      .orderBy('bot_documents.created_at')
      .orderBy('bot_documents.document_id')
      .execute();

  /** Refuses a change the bot or the plan does not allow; runs before the upload is read, and again after. */
  async function check(user: User, change: DocumentChange, executor: Kysely<Database> = db) {
    const bot = await ownBot(user, change.botId, executor);
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
    const { maxDocuments } = await currentPlan(executor, user.id);
    const counted = 1 + rows.filter((row) => row.status === 'ready' || row.replaces === null).length;
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

  return {
    check: (user: User, change: DocumentChange) => check(user, change).then(() => undefined),

    async list(user: User, botId: string): Promise<BotDocumentsResponse> {
      // One snapshot: read apart, a rebuild committing between the reads showed its pending document gone but not
      // the reason it failed (or the replaced document beside its replacement).
      const { bot, first, rows, plan } = await db
        .transaction()
        .setIsolationLevel('repeatable read')
        .execute(async (trx) => {
          const bot = await ownBot(user, botId, trx, false);
          const first = await trx
            .selectFrom('documents')
            .select(['id', 'original_name'])
            .where('id', '=', bot.document_id ?? '')
            .executeTakeFirst();
          return { bot, first, rows: await rowsOf(botId, trx), plan: await currentPlan(trx, user.id) };
        });
      const documents: BotDocument[] = [
        ...(first ? [{ id: first.id, name: first.original_name, status: 'ready' as const }] : []),
        ...rows.map((row) => ({
          id: row.document_id,
          name: row.original_name,
          status: row.status,
          ...(row.replaces ? { replaces: row.replaces } : {}),
        })),
      ];
      return {
        documents,
        maxDocuments: plan.maxDocuments,
        ...(bot.knowledge_error ? { error: bot.knowledge_error } : {}),
      };
    },

    /** Stores the extracted upload as a pending document and schedules the rebuild; returns its id. */
    async store(
      user: User,
      change: DocumentChange,
      upload: { originalName: string; bytes: Uint8Array; extracted: ExtractedUpload },
    ): Promise<{ id: string }> {
      const id = newId('doc');
      const { extracted } = upload;
      const storedPath = await files.save('documents', `${id}${extracted.extension}`, upload.bytes);
      try {
        await db.transaction().execute(async (trx) => {
          const rows = await check(user, change, trx);
          const now = new Date().toISOString();
          await trx
            .insertInto('documents')
            .values({
              id,
              session_id: null,
              original_name: upload.originalName,
              stored_path: storedPath,
              mime_type: extracted.mimeType,
              size_bytes: upload.bytes.byteLength,
              text_chars: extracted.text.length,
              text: extracted.text,
              pages: extracted.pages && JSON.stringify(extracted.pages),
              created_at: now,
            })
            .execute();
          // A second press replacing the same document takes the place of the first one's upload.
          const earlier = rows.filter(
            (row) => row.status === 'pending' && change.documentId && row.replaces === change.documentId,
          );
          for (const row of earlier)
            await trx.deleteFrom('bot_documents').where('document_id', '=', row.document_id).execute();
          await trx
            .insertInto('bot_documents')
            .values({
              document_id: id,
              bot_id: change.botId,
              status: 'pending',
              replaces: change.documentId ?? null,
              created_at: now,
            })
            .execute();
          await botsRepository(trx).clearKnowledgeError(change.botId);
          await scheduleRebuild(trx, change.botId);
        });
      } catch (error) {
        await files.remove(storedPath);
        throw error;
      }
      jobs.wake();
      return { id };
    },

    /** Removes one of the other documents, and rebuilds the bot's knowledge without it before answering. */
    async remove(user: User, botId: string, documentId: string): Promise<void> {
      const bot = await ownBot(user, botId);
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
