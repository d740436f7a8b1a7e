import type { Kysely } from 'kysely';
import { DOCUMENTS_MSG } from '@vuxo/shared';
import { botsRepository } from '../db/bots-repository.js';
import type { Database } from '../db/schema.js';
import { PermanentJobError, type JobHandler } from '../jobs/worker.js';
import type { KnowledgeRebuildPayload } from './bot-documents.js';

/** A document with no word or number has nothing the bot can answer from (extraction only refuses blank ones). */
const hasWords = (text: string) => /[\p{L}\p{N}]/u.test(text);

/**
 * The rebuild the owner's document changes schedule: the bot's knowledge built with its pending documents, which
 * are put in use with the new index (services/bot-knowledge.ts, decision 065). When it gives up, the pending
 * documents are dropped and the owner reads why; the bot keeps the index it had.
 */
export function knowledgeRebuildHandler(deps: {
  db: Kysely<Database>;
  rebuildKnowledge(botId: string, signal?: AbortSignal, options?: { pending?: boolean }): Promise<void>;
}): JobHandler<KnowledgeRebuildPayload> {
  const { db } = deps;
  return {
    async run({ botId }, ctx) {
      const pending = await db
        .selectFrom('bot_documents')
        .innerJoin('document_texts', 'document_texts.document_id', 'bot_documents.document_id')
        .select('document_texts.text')
        .where('bot_documents.bot_id', '=', botId)
        .where('bot_documents.status', '=', 'pending')
        .execute();
      if (pending.length === 0) return;
      if (pending.some((row) => !hasWords(row.text))) throw new PermanentJobError(DOCUMENTS_MSG.noText);
      await ctx.heartbeat();
      await deps.rebuildKnowledge(botId, ctx.signal, { pending: true });
    },

    async onGiveUp({ botId }, error) {
      const reason = error instanceof PermanentJobError ? error.message : DOCUMENTS_MSG.rebuildFailed;
      await botsRepository(db).dropPendingDocuments(botId, reason);
    },
  };
}
