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
import {
  matchCorrection,
  matchCorrectionTopic,
  type Answer,
  type PreparedCorrection,
} from '../../engine/answer/index.js';
import { AppError } from '../../errors.js';
import { LruMap } from '../../lru-map.js';
import type { ConversationLog } from '../conversation-log.js';
import { groupQuestions } from '../question-groups.js';
import type { User } from '../users.js';
import { ownBotCheck } from './owned-bot.js';

/** Missed questions are read from this many of the newest declined, unsure or disliked answers. */
const MISSED_SCAN = 2000;
/** At most this many missed questions are asked again per listing (each once per index, then remembered; decision 104). */
const RECHECK_MAX = 2 * MISSED_QUESTIONS_MAX;
/** Answers asked again, remembered by bot, index, corrections and question. */
const RECHECKED_KEPT = 5000;

/** When the bot's current index was built: its version starts with that time (newIndexVersion); null if not. */
function builtAt(indexVersion: string): string | null {
  const time = indexVersion.split('~')[0] ?? '';
  return Number.isNaN(Date.parse(time)) ? null : time;
}

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
  /**
   * The bot's answer now, asked as its owner asks (not logged, not counted): a question last missed before the bot's
   * current index that it now answers sure is no longer missed (issue 45).
   */
  answerNow?: (user: User, botId: string, question: string) => Promise<Answer | null>;
}) {
  const { db, log, correctionsOf } = deps;
  const ownBot = ownBotCheck(deps.bots);
  const rechecked = new LruMap<string, boolean>(RECHECKED_KEPT);

  /** Whether the bot answers the question sure now; remembered for the index and corrections it was asked with. */
  async function answeredNow(
    user: User,
    botId: string,
    question: string,
    versions: string,
  ): Promise<boolean> {
    const key = `${botId}\u0000${versions}\u0000${question}`;
    const known = rechecked.get(key);
    if (known !== undefined) return known;
    const answer = await deps.answerNow!(user, botId, question);
    const sure = answer?.kind === 'answer' && !answer.unsure;
    rechecked.set(key, sure);
    return sure;
  }

  /** The groups to list, in order: a question missed before the current index and answered sure now leaves. */
  async function stillMissed(user: User, botId: string, groups: MissedQuestion[]): Promise<MissedQuestion[]> {
    if (!deps.answerNow) return groups.slice(0, MISSED_QUESTIONS_MAX);
    const bot = await deps.bots
      .ownedBy(user.id, botId)
      .select(['bots.index_version', 'bots.corrections_version'])
      .executeTakeFirst();
    const built = bot && builtAt(bot.index_version);
    const versions = bot ? `${bot.index_version}\u0000${bot.corrections_version}` : '';
    const kept: MissedQuestion[] = [];
    let asked = 0;
    for (const group of groups) {
      if (kept.length === MISSED_QUESTIONS_MAX) break;
      const before = built !== null && built !== undefined && group.lastAskedAt < built;
      if (before && asked < RECHECK_MAX) {
        asked++;
        if (await answeredNow(user, botId, group.text, versions)) continue;
      }
      kept.push(group);
    }
    return kept;
  }

  /** Declined, unsure or disliked answers, grouped when they ask the same thing in other words. */
  async function missedGroups(botId: string) {
    const rows = await db
      .selectFrom('chat_messages')
      .select(['id', 'question', 'reply', 'kind', 'vote', 'asked_at', 'decline_reason', 'unsure_reason'])
      .where('bot_id', '=', botId)
      .where('dismissed_at', 'is', null)
      .where((eb) =>
        eb.or([eb('kind', '=', 'declined'), eb('vote', '=', 'down'), eb('unsure_reason', 'is not', null)]),
      )
      .orderBy('asked_at', 'desc')
      .limit(MISSED_SCAN)
      .execute();
    const corrections = await correctionsOf(botId);
    // A question the owner has answered since is no longer missed: one the document declined or was unsure of is
    // answered by a saved answer about the same thing too (decision 106).
    const open = rows.filter(
      (row) =>
        !matchCorrection(corrections, row.question) &&
        !(
          (row.kind === 'declined' || row.unsure_reason !== null) &&
          matchCorrectionTopic(corrections, row.question)
        ),
    );
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
          answer: group.rows.find((row) => row.kind !== 'declined')?.reply ?? null,
        } satisfies MissedQuestion,
      };
    });
  }

  return {
    async missedQuestions(user: User, botId: string): Promise<MissedQuestion[]> {
      await ownBot(user, botId);
      await log.flush();
      const groups = await missedGroups(botId);
      const sorted = groups
        .map((group) => group.first)
        .sort((a, b) => b.count - a.count || b.lastAskedAt.localeCompare(a.lastAskedAt));
      return stillMissed(user, botId, sorted);
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
