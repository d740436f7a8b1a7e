import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { buildKnowledge } from '../engine/build/index.js';
import type { Passage } from '../engine/passages/index.js';
import { PermanentJobError, type JobContext, type JobHandler } from '../jobs/worker.js';
import { PAGE_BREAK } from './wizard-sessions.js';

export const BUILD_FAILED_REASON =
  "We couldn't prepare your bot from this document. Please try again, or create the bot with another file.";
const NO_TEXT_REASON =
  'The document has no text the bot can answer from. Please upload a document with text.';
const INSERT_BATCH = 200;

/**
 * The bot build (decisions, section 4): `configuring` → passages stored → `pending_cag` → retrieval
 * index and suggested questions stored → `cag_generated` (Ready). Every step can run again after a
 * crash: passages are replaced, and nothing is written for a bot deleted meanwhile.
 */
export function botBuildHandler(
  db: Kysely<Database>,
  options: { onReady?: (botId: string, version: string) => Promise<void> } = {},
): JobHandler<{ botId: string }> {
  return {
    async run({ botId }, ctx) {
      const bot = await db
        .selectFrom('bots')
        .innerJoin('documents', 'documents.id', 'bots.document_id')
        .select(['bots.status', 'documents.id as documentId', 'documents.text'])
        .where('bots.id', '=', botId)
        .executeTakeFirst();
      if (!bot || bot.status === 'deleted') return;

      const pages = bot.text.includes(PAGE_BREAK)
        ? bot.text.split(PAGE_BREAK).map((text, i) => ({ page: i + 1, text }))
        : null;
      const text = pages ? pages.map((p) => p.text).join('\n\n') : bot.text;
      await ctx.heartbeat();
      const { passages, index, questions } = await buildKnowledge({ text, pages }, { signal: ctx.signal });
      if (passages.length === 0) throw new PermanentJobError(NO_TEXT_REASON);

      await storePassages(db, bot.documentId, passages);
      await setStatus(db, botId, 'pending_cag', ctx);
      await ctx.heartbeat();
      const version = new Date().toISOString();
      const ready = await db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('bots')
          .set({
            generated_questions: JSON.stringify(questions),
            status: 'cag_generated',
            status_reason: null,
            updated_at: version,
            index_version: version,
          })
          .where('id', '=', botId)
          .where('status', '!=', 'deleted')
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0) return false;
        await trx
          .insertInto('bot_indexes')
          .values({ bot_id: botId, retrieval_index: index })
          .onConflict((oc) => oc.column('bot_id').doUpdateSet({ retrieval_index: index }))
          .execute();
        return true;
      });
      // The bot is Ready either way; a failed warm-up only moves the load to its first question.
      if (ready) await options.onReady?.(botId, version).catch(() => undefined);
    },

    async onGiveUp({ botId }, error) {
      const reason = error instanceof PermanentJobError ? error.message : BUILD_FAILED_REASON;
      await db
        .updateTable('bots')
        .set({ status: 'error', status_reason: reason, updated_at: new Date().toISOString() })
        .where('id', '=', botId)
        .where('status', '!=', 'deleted')
        .execute();
    },
  };
}

async function storePassages(db: Kysely<Database>, documentId: string, passages: Passage[]) {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('passages').where('document_id', '=', documentId).execute();
    for (let i = 0; i < passages.length; i += INSERT_BATCH) {
      const rows = passages.slice(i, i + INSERT_BATCH).map((p) => ({
        document_id: documentId,
        ordinal: p.ordinal,
        heading: p.heading,
        page: p.page,
        text: p.text,
        token_count: p.tokenCount,
      }));
      await trx.insertInto('passages').values(rows).execute();
    }
  });
}

async function setStatus(db: Kysely<Database>, botId: string, status: 'pending_cag', ctx: JobContext) {
  await ctx.heartbeat();
  await db
    .updateTable('bots')
    .set({ status, updated_at: new Date().toISOString() })
    .where('id', '=', botId)
    .where('status', '!=', 'deleted')
    .execute();
}
