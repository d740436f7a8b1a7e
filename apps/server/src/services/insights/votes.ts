import type { Kysely } from 'kysely';
import { ERROR_CODES, INSIGHTS_MSG, type FeedbackVote } from '@vuxo/shared';
import type { BotsRepository } from '../../db/bots-repository.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { visitorPseudonym, type ConversationLog } from '../conversation-log.js';
import { botNotFound } from './owned-bot.js';

/** The visitors' votes on the answers they were given. */
export function answerVotesService(deps: {
  db: Kysely<Database>;
  bots: BotsRepository;
  log: ConversationLog;
}) {
  const { db, bots, log } = deps;
  return {
    /** A visitor's vote on an answer they were given: once. */
    async feedback(input: { identifier: string; messageId: string; vote: FeedbackVote; visitorId: string }) {
      const bot = await bots.byIdentifier(input.identifier).select('bots.id').executeTakeFirst();
      if (!bot) throw botNotFound();
      await log.flush();
      const mine = db
        .selectFrom('chat_messages')
        .where('id', '=', input.messageId)
        .where('bot_id', '=', bot.id)
        .where('visitor', '=', visitorPseudonym(input.visitorId));
      const result = await db
        .updateTable('chat_messages')
        .set({ vote: input.vote })
        .where('id', '=', input.messageId)
        .where('bot_id', '=', bot.id)
        .where('visitor', '=', visitorPseudonym(input.visitorId))
        .where('vote', 'is', null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) > 0) return;
      const exists = await mine.select('id').executeTakeFirst();
      if (exists) throw new AppError('conflict', INSIGHTS_MSG.alreadyRated, ERROR_CODES.alreadyRated);
      throw new AppError('notFound', INSIGHTS_MSG.answerNotFound);
    },
  };
}
export type AnswerVotesService = ReturnType<typeof answerVotesService>;
