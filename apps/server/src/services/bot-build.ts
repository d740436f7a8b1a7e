import type { Kysely } from 'kysely';
import { botsRepository } from '../db/bots-repository.js';
import type { Database } from '../db/schema.js';
import { buildKnowledge } from '../engine/build/index.js';
import { readKnowledgeInput } from './bot-knowledge.js';
import { PermanentJobError, type JobContext, type JobHandler } from '../jobs/worker.js';

export const BUILD_FAILED_REASON =
  "We couldn't prepare your bot from this document. Please try again, or create the bot with another file.";
const NO_TEXT_REASON =
  'The document has no text the bot can answer from. Please upload a document with text.';

/**
 * The bot build: `configuring` → the document split into passages and indexed → `pending_cag` → the
 * retrieval index and suggested questions stored → `cag_generated` (Ready). It can run again after a
 * crash: the index is replaced, and nothing is written for a bot deleted meanwhile.
 */
export function botBuildHandler(
  db: Kysely<Database>,
  options: { onReady?: (botId: string, version: string) => Promise<void> } = {},
): JobHandler<{ botId: string }> {
  return {
    async run({ botId }, ctx) {
      const bot = await readKnowledgeInput(db, botId);
      if (!bot || bot.status === 'deleted') return;

      await ctx.heartbeat();
      const { passages, index, questions } = await buildKnowledge(bot.input, { signal: ctx.signal });
      if (passages.length === 0) throw new PermanentJobError(NO_TEXT_REASON);

      await setStatus(db, botId, 'pending_cag', ctx);
      await ctx.heartbeat();
      const version = new Date().toISOString();
      const ready = await db.transaction().execute(async (trx) => {
        const updated = await botsRepository(trx).update(botId, {
          generated_questions: JSON.stringify(questions),
          status: 'cag_generated',
          status_reason: null,
          updated_at: version,
          index_version: version,
        });
        if (!updated) return false;
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
      await botsRepository(db).update(botId, {
        status: 'error',
        status_reason: reason,
        updated_at: new Date().toISOString(),
      });
    },
  };
}

async function setStatus(db: Kysely<Database>, botId: string, status: 'pending_cag', ctx: JobContext) {
  await ctx.heartbeat();
  await botsRepository(db).update(botId, { status, updated_at: new Date().toISOString() });
}
