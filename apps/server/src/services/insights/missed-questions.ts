import type { Kysely } from 'kysely';
import {
  INSIGHTS_MSG,
  MISSED_QUESTIONS_MAX,
  type MissedQuestion,
  type MissedReason,
  missedReasonSchema,
} from '@vuxo/shared';
import type { BotsRepository } from '../../db/bots-repository.js';
import type { Database } from '../../db/schema.js';
import { matchCorrection, type PreparedCorrection } from '../../engine/answer/index.js';
import { AppError } from '../../errors.js';
import type { ConversationLog } from '../conversation-log.js';
import { groupQuestions } from '../question-groups.js';
import type { User } from '../users.js';
import { ownBotCheck } from './owned-bot.js';

/** Missed questions are read from this many of the newest declined, unsure or disliked answers. */
const MISSED_SCAN = 2000;

/** A logged decline's or unsure answer's reason, as the owner's page shows it; null when none reads. */
function reasonOf(stored: string | null | undefined): MissedReason | null {
  if (!stored) return null;
  try {
    const parsed = missedReasonSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The questions a bot declined, answered unsure (decision 064) or answered badly, grouped, for the owner to answer
 * or dismiss.
 */
export function missedQuestionsService(deps: {
  db: Kysely<Database>;
  bots: BotsRepository;
  log: ConversationLog;
  /** The bot's corrections: a question the owner has answered since is no longer missed. */
  correctionsOf: (botId: string) => Promise<PreparedCorrection[]>;
}) {
  const { db, log, correctionsOf } = deps;
  const ownBot = ownBotCheck(deps.bots);

  /** Declined, unsure or disliked answers, grouped when they ask the same thing in other words. */
  async function missedGroups(botId: string) {
    const rows = await db
      .selectFrom('chat_messages')
      .select(['id', 'question', 'kind', 'vote', 'asked_at', 'decline_reason', 'unsure_reason'])
      .where('bot_id', '=', botId)
      .where('dismissed_at', 'is', null)
      .where((eb) =>
        eb.or([eb('kind', '=', 'declined'), eb('vote', '=', 'down'), eb('unsure_reason', 'is not', null)]),
      )
      .orderBy('asked_at', 'desc')
      .limit(MISSED_SCAN)
      .execute();
    const corrections = await correctionsOf(botId);
    // A question the owner has answered since is no longer missed.
    const open = rows.filter((row) => !matchCorrection(corrections, row.question));
    return groupQuestions(open).map((group) => {
      const first = group.rows[0]!;
      return {
        ids: group.rows.map((row) => row.id),
        first: {
          id: first.id,
          text: first.question,
          count: group.rows.length,
          lastAskedAt: first.asked_at,
          declined: group.rows.filter((row) => row.kind === 'declined').length,
          downVotes: group.rows.filter((row) => row.vote === 'down').length,
          // The newest decline's reason, else the newest unsure answer's; a question only rated down has none.
          reason:
            reasonOf(
              group.rows.find((row) => row.kind === 'declined' && row.decline_reason)?.decline_reason,
            ) ?? reasonOf(group.rows.find((row) => row.unsure_reason)?.unsure_reason),
        } satisfies MissedQuestion,
      };
    });
  }

  return {
    async missedQuestions(user: User, botId: string): Promise<MissedQuestion[]> {
      await ownBot(user, botId);
      await log.flush();
      const groups = await missedGroups(botId);
      return groups
        .map((group) => group.first)
        .sort((a, b) => b.count - a.count || b.lastAskedAt.localeCompare(a.lastAskedAt))
        .slice(0, MISSED_QUESTIONS_MAX);
    },

    /** Dismisses a missed question: every message of its group leaves the list. */
    async dismissMissedQuestion(user: User, botId: string, id: string): Promise<void> {
      await ownBot(user, botId);
      const group = (await missedGroups(botId)).find((g) => g.ids.includes(id));
      if (!group) throw new AppError('notFound', INSIGHTS_MSG.missedQuestionNotFound);
      await db
        .updateTable('chat_messages')
        .set({ dismissed_at: new Date().toISOString() })
        .where('bot_id', '=', botId)
        .where('id', 'in', group.ids)
        .execute();
    },
  };
}
export type MissedQuestionsService = ReturnType<typeof missedQuestionsService>;
