import type { Kysely } from 'kysely';
import { botsRepository } from '../db/bots-repository.js';
import type { Database } from '../db/schema.js';
import { buildKnowledge } from '../engine/build/index.js';
import { readKnowledgeInput } from './bot-knowledge.js';
import { PermanentJobError, type JobHandler } from '../jobs/worker.js';

export const BUILD_FAILED_REASON =
  "We couldn't prepare your bot from this document. Please try again, or create the bot with another file.";
const NO_TEXT_REASON =
  'The document has no text the bot can answer from. Please upload a document with text.';

/**
 * The bot build: `configuring` → the document split into passages and indexed → `pending_cag` → the
 * retrieval index and suggested questions stored → `cag_generated` (Ready). It can run again after a
 * crash: the index is replaced, and nothing is written for a bot deleted meanwhile.
 */
export function botBuildHandler(deps: {
  db: Kysely<Database>;
  onReady?: (botId: string, version: string) => Promise<void>;
}): JobHandler<{ botId: string }> {
  const { db } = deps;
  const bots = botsRepository(db);
  return {
    async run({ botId }, ctx) {
      const bot = await readKnowledgeInput(db, botId);
      if (!bot || bot.status === 'deleted') return;

      await ctx.heartbeat();
      const { passages, index, questions } = await buildKnowledge(bot.input, { signal: ctx.signal });
      if (passages.length === 0) throw new PermanentJobError(NO_TEXT_REASON);

      await ctx.heartbeat();
      if (!(await bots.markIndexing(botId))) return;
      await ctx.heartbeat();
      const version = await bots.publishIndex(botId, {
        from: { status: 'pending_cag' },
        index,
        questions,
      });
      // The bot is Ready either way; a failed warm-up only moves the load to its first question.
      if (version) await deps.onReady?.(botId, version).catch(() => undefined);
    },

    async onGiveUp({ botId }, error) {
      const reason = error instanceof PermanentJobError ? error.message : BUILD_FAILED_REASON;
      await bots.markFailed(botId, reason);
    },
  };
}
