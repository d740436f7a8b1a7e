import { sql, type Kysely } from 'kysely';
import { BOT_ADMIN_MSG, ERROR_CODES, INSIGHTS_MSG, type BotAnalyticsResponse } from '@vuxo/shared';
import type { BotsRepository } from '../db/bots-repository.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../errors.js';
import { currentPlan } from './plans.js';
import { groupQuestions } from './question-groups.js';
import type { ConversationLog } from './conversation-log.js';
import type { ModelUsageLog } from './model-usage.js';
import type { User } from './users.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const DAYS = 30;
const MONTHS = 12;
const TOPICS = 5;
/** The most asked topics are read from this many of the newest questions. */
const TOPIC_SCAN = 2000;

type Activity = { answered: number; declined: number };
const utcDate = (date: Date) => date.toISOString().slice(0, 10);

/** The last `count` UTC days (YYYY-MM-DD), oldest first. */
function lastDays(now: Date, count: number): string[] {
  return Array.from({ length: count }, (_, i) => utcDate(new Date(now.getTime() - (count - 1 - i) * DAY_MS)));
}

/** The last `count` months (YYYY-MM), oldest first. */
function lastMonths(now: Date, count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (count - 1 - i), 1));
    return date.toISOString().slice(0, 7);
  });
}

/**
 * The owner's figures of a bot's activity, as far as their plan goes (plans.ts `analytics`): Basic, 30 days
 * of messages and the most asked topics; Pro and Enterprise, also 12 months, the hours of the day and a CSV.
 */
export function botAnalyticsService(deps: {
  db: Kysely<Database>;
  bots: BotsRepository;
  log: ConversationLog;
  modelUsage: ModelUsageLog;
}) {
  const { db, bots, log } = deps;

  /** The model's days of the last 30 (only when it wrote or tried any answer). */
  async function modelUsage(
    botId: string,
    now: Date,
  ): Promise<Pick<BotAnalyticsResponse, 'modelUsage' | 'ownerAnswers'>> {
    const first = lastDays(now, DAYS)[0]!;
    const days = await deps.modelUsage.days(botId, first);
    // The owner's live answers (decision 115) count beside the bot's.
    const owner = await db
      .selectFrom('live_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('bot_id', '=', botId)
      .where('kind', '=', 'message')
      .where('author', '=', 'owner')
      .where('created_at', '>=', `${first}T00:00:00.000Z`)
      .executeTakeFirstOrThrow();
    const ownerAnswers = Number(owner.n);
    return {
      ...(days.length ? { modelUsage: days.map(({ day, ...figures }) => ({ date: day, ...figures })) } : {}),
      ...(ownerAnswers > 0 ? { ownerAnswers } : {}),
    };
  }

  async function ownBot(user: User, botId: string) {
    const bot = await bots.ownedBy(user.id, botId).select('bots.id').executeTakeFirst();
    if (!bot) throw new AppError('notFound', BOT_ADMIN_MSG.botNotFound, ERROR_CODES.botNotFound);
  }

  /** Answered and declined messages per period, the period being the first `length` characters of asked_at. */
  async function activityBy(botId: string, length: 7 | 10 | 13, since: Date): Promise<Map<string, Activity>> {
    const period = sql<string>`substr(asked_at, 1, ${sql.lit(length)})`;
    const rows = await db
      .selectFrom('chat_messages')
      .select(period.as('period'))
      .select((eb) => [
        eb.fn.sum<number>(eb.case().when('kind', '=', 'declined').then(0).else(1).end()).as('answered'),
        eb.fn.sum<number>(eb.case().when('kind', '=', 'declined').then(1).else(0).end()).as('declined'),
      ])
      .where('bot_id', '=', botId)
      .where('asked_at', '>=', since.toISOString())
      .groupBy(period)
      .execute();
    return new Map(
      rows.map((row) => [row.period, { answered: Number(row.answered), declined: Number(row.declined) }]),
    );
  }

  const daily = async (botId: string, now: Date, count: number) => {
    const days = lastDays(now, count);
    const byDay = await activityBy(botId, 10, new Date(`${days[0]}T00:00:00.000Z`));
    return days.map((date) => ({ date, ...(byDay.get(date) ?? { answered: 0, declined: 0 }) }));
  };

  async function topics(botId: string, since: Date) {
    const rows = await db
      .selectFrom('chat_messages')
      .select('question')
      .where('bot_id', '=', botId)
      .where('kind', '!=', 'small-talk')
      .where('asked_at', '>=', since.toISOString())
      .orderBy('asked_at', 'desc')
      .limit(TOPIC_SCAN)
      .execute();
    return groupQuestions(rows)
      .map((group) => ({ text: group.rows[0]!.question, count: group.rows.length }))
      .sort((a, b) => b.count - a.count)
      .slice(0, TOPICS);
  }

  return {
    async analytics(user: User, botId: string, now = new Date()): Promise<BotAnalyticsResponse> {
      await ownBot(user, botId);
      const { analytics: level } = await currentPlan(db, user.id, now);
      if (level === 'none') return { level, days: [], topics: [], ...(await modelUsage(botId, now)) };
      await log.flush();
      const days = await daily(botId, now, DAYS);
      const since = new Date(`${days[0]!.date}T00:00:00.000Z`);
      const reply: BotAnalyticsResponse = {
        level,
        days,
        topics: await topics(botId, since),
        ...(await modelUsage(botId, now)),
      };
      if (level === 'advanced') {
        const months = lastMonths(now, MONTHS);
        const byMonth = await activityBy(botId, 7, new Date(`${months[0]}-01T00:00:00.000Z`));
        reply.months = months.map((month) => ({
          month,
          ...(byMonth.get(month) ?? { answered: 0, declined: 0 }),
        }));
        const byHour = await activityBy(botId, 13, since);
        const hours = Array.from({ length: 24 }, () => 0);
        for (const [period, activity] of byHour) {
          hours[Number(period.slice(11, 13))]! += activity.answered + activity.declined;
        }
        reply.hours = hours;
      }
      return reply;
    },

    /** The daily figures of the last 12 months, as CSV (advanced analytics). */
    async figuresCsv(user: User, botId: string, now = new Date()): Promise<string> {
      await ownBot(user, botId);
      const { analytics: level } = await currentPlan(db, user.id, now);
      if (level !== 'advanced')
        throw new AppError('forbidden', INSIGHTS_MSG.analyticsNeedsPlan, ERROR_CODES.planRequired);
      await log.flush();
      const rows = await daily(botId, now, 365);
      return (
        ['date,answered,not_answered', ...rows.map((r) => `${r.date},${r.answered},${r.declined}`)].join(
          '\r\n',
        ) + '\r\n'
      );
    },
  };
}
export type BotAnalyticsService = ReturnType<typeof botAnalyticsService>;
