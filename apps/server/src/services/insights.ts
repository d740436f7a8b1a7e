import { sql, type Kysely } from 'kysely';
import {
  CONVERSATIONS_PAGE_SIZE,
  CORRECTIONS_PER_BOT_MAX,
  ERROR_CODES,
  INSIGHTS_MSG,
  MISSED_QUESTIONS_MAX,
  BOT_ADMIN_MSG,
  type Conversation,
  type ConversationsResponse,
  type Correction,
  type FeedbackVote,
  type MissedQuestion,
  type MissedReason,
  missedReasonSchema,
} from '@vuxo/shared';
import { parseJsonStrings, type BotsRepository } from '../db/bots-repository.js';
import type { Database } from '../db/schema.js';
import { matchCorrection, prepareCorrection, type PreparedCorrection } from '../engine/answer/index.js';
import { AppError } from '../errors.js';
import { newId } from '../ids.js';
import { LruMap } from '../lru-map.js';
import type { ConversationLog } from './conversation-log.js';
import { groupQuestions } from './question-groups.js';
import { visitorPseudonym } from './conversation-log.js';
import type { User } from './users.js';

export interface InsightsDeps {
  db: Kysely<Database>;
  bots: BotsRepository;
  log: ConversationLog;
}

const botNotFound = () => new AppError('notFound', BOT_ADMIN_MSG.botNotFound, ERROR_CODES.botNotFound);
/** Missed questions are read from this many of the newest declined or disliked answers. */
const MISSED_SCAN = 2000;
/** Bots whose corrections are kept in memory (each keyed by its corrections version). */
const CORRECTION_CACHE_BOTS = 1000;

/** `%` and `_` taken literally in a LIKE pattern. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A logged decline's reason, as the owner's page shows it; null when none was stored or it no longer reads. */
function reasonOf(row: { decline_reason: string | null } | undefined): MissedReason | null {
  if (!row?.decline_reason) return null;
  try {
    const parsed = missedReasonSchema.safeParse(JSON.parse(row.decline_reason));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * What the owner learns from a live bot and how they correct it: the conversation log, the missed questions
 * and the corrections; and the visitors' feedback on answers. Every owner call answers 404 for a bot that is
 * not the caller's, as for one that does not exist.
 */
export function insightsService(deps: InsightsDeps) {
  const { db, bots, log } = deps;
  const correctionCache = new LruMap<string, { version: string; list: PreparedCorrection[] }>(
    CORRECTION_CACHE_BOTS,
  );

  async function ownBot(user: User, botId: string): Promise<void> {
    const bot = await bots.ownedBy(user.id, botId).select('bots.id').executeTakeFirst();
    if (!bot) throw botNotFound();
  }

  async function listCorrections(botId: string) {
    return db
      .selectFrom('bot_corrections')
      .select(['id', 'question', 'answer', 'updated_at'])
      .where('bot_id', '=', botId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /** Changes the bot's corrections and their version together, so every process reads the change at once. */
  async function changeCorrections(botId: string, change: (trx: Kysely<Database>) => Promise<void>) {
    await db.transaction().execute(async (trx) => {
      await change(trx);
      await trx
        .updateTable('bots')
        .set({ corrections_version: newId('cv', 12) })
        .where('id', '=', botId)
        .execute();
    });
    correctionCache.delete(botId);
  }

  /** Declined or disliked answers, grouped when they ask the same thing in other words. */
  async function missedGroups(botId: string) {
    const rows = await db
      .selectFrom('chat_messages')
      .select(['id', 'question', 'kind', 'vote', 'asked_at', 'decline_reason'])
      .where('bot_id', '=', botId)
      .where('dismissed_at', 'is', null)
      .where((eb) => eb.or([eb('kind', '=', 'declined'), eb('vote', '=', 'down')]))
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
          // The newest decline's reason; a question only rated down has none.
          reason: reasonOf(group.rows.find((row) => row.kind === 'declined' && row.decline_reason !== null)),
        } satisfies MissedQuestion,
      };
    });
  }

  /** The bot's corrections, read once per corrections version (the chat asks on every message). */
  async function correctionsOf(botId: string, version?: string): Promise<PreparedCorrection[]> {
    const cached = correctionCache.get(botId);
    if (cached && version !== undefined && cached.version === version) return cached.list;
    const current =
      version ??
      (await db.selectFrom('bots').select('corrections_version').where('id', '=', botId).executeTakeFirst())
        ?.corrections_version ??
      '';
    if (cached && cached.version === current) return cached.list;
    const list = (await listCorrections(botId)).map(prepareCorrection);
    correctionCache.set(botId, { version: current, list });
    return list;
  }

  return {
    correctionsOf,

    async conversations(
      user: User,
      query: { botId: string; q?: string | undefined; page: number },
    ): Promise<ConversationsResponse> {
      await ownBot(user, query.botId);
      await log.flush();
      const pageSize = CONVERSATIONS_PAGE_SIZE;
      let matching = db.selectFrom('chat_messages').where('bot_id', '=', query.botId);
      if (query.q) {
        const pattern = likePattern(query.q);
        matching = matching.where((eb) =>
          eb.or([
            eb(sql`lower(question)`, 'like', sql`${pattern} escape '\\'`),
            eb(sql`lower(reply)`, 'like', sql`${pattern} escape '\\'`),
          ]),
        );
      }
      const totalRow = await matching
        .select((eb) => eb.fn.count<number>('conversation_id').distinct().as('total'))
        .executeTakeFirstOrThrow();
      const ids = await matching
        .select(['conversation_id'])
        .select((eb) => eb.fn.max('asked_at').as('last'))
        .groupBy('conversation_id')
        .orderBy('last', 'desc')
        .orderBy('conversation_id')
        .limit(pageSize)
        .offset((query.page - 1) * pageSize)
        .execute();
      const conversationIds = ids.map((row) => row.conversation_id);
      const rows =
        conversationIds.length === 0
          ? []
          : await db
              .selectFrom('chat_messages')
              .selectAll()
              .where('bot_id', '=', query.botId)
              .where('conversation_id', 'in', conversationIds)
              .orderBy('asked_at')
              .orderBy('id')
              .execute();
      const byId = new Map<string, Conversation>();
      for (const id of conversationIds) byId.set(id, { id, visitor: '', startedAt: '', messages: [] });
      for (const row of rows) {
        const conversation = byId.get(row.conversation_id)!;
        if (conversation.messages.length === 0) {
          conversation.visitor = row.visitor;
          conversation.startedAt = row.asked_at;
        }
        conversation.messages.push(
          { id: `${row.id}.q`, role: 'user', content: row.question, at: row.asked_at },
          {
            id: row.id,
            role: 'assistant',
            content: row.reply,
            at: row.asked_at,
            kind: row.kind,
            declined: row.kind === 'declined',
            sources: parseJsonStrings(row.sources),
            vote: row.vote,
          },
        );
      }
      return { conversations: [...byId.values()], total: Number(totalRow.total), page: query.page, pageSize };
    },

    /** Every kept message of the bot, one row each, newest first (CSV). */
    async exportCsv(user: User, botId: string): Promise<string> {
      await ownBot(user, botId);
      await log.flush();
      const rows = await db
        .selectFrom('chat_messages')
        .selectAll()
        .where('bot_id', '=', botId)
        .orderBy('asked_at', 'desc')
        .execute();
      const header = ['conversation', 'visitor', 'asked_at', 'question', 'answer', 'kind', 'sources', 'vote'];
      const lines = rows.map((row) =>
        [
          row.conversation_id,
          row.visitor,
          row.asked_at,
          row.question,
          row.reply,
          row.kind,
          parseJsonStrings(row.sources).join('; '),
          row.vote ?? '',
        ]
          .map(csvCell)
          .join(','),
      );
      return [header.join(','), ...lines].join('\r\n') + '\r\n';
    },

    async deleteConversation(user: User, botId: string, conversationId: string): Promise<void> {
      await ownBot(user, botId);
      await log.flush();
      const result = await db
        .deleteFrom('chat_messages')
        .where('bot_id', '=', botId)
        .where('conversation_id', '=', conversationId)
        .executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) {
        throw new AppError('notFound', INSIGHTS_MSG.conversationNotFound);
      }
      log.changed(botId);
    },

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

    async corrections(user: User, botId: string): Promise<Correction[]> {
      await ownBot(user, botId);
      return (await listCorrections(botId)).map((row) => ({
        id: row.id,
        question: row.question,
        answer: row.answer,
        updatedAt: row.updated_at,
      }));
    },

    async saveCorrection(
      user: User,
      input: { botId: string; id?: string | undefined; question: string; answer: string },
    ): Promise<{ id: string }> {
      await ownBot(user, input.botId);
      const now = new Date().toISOString();
      const id = input.id ?? newId('cor');
      await changeCorrections(input.botId, async (trx) => {
        if (input.id) {
          const result = await trx
            .updateTable('bot_corrections')
            .set({ question: input.question, answer: input.answer, updated_at: now })
            .where('id', '=', input.id)
            .where('bot_id', '=', input.botId)
            .executeTakeFirst();
          if (Number(result.numUpdatedRows) === 0)
            throw new AppError('notFound', INSIGHTS_MSG.correctionNotFound);
          return;
        }
        const { n } = await trx
          .selectFrom('bot_corrections')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('bot_id', '=', input.botId)
          .executeTakeFirstOrThrow();
        if (Number(n) >= CORRECTIONS_PER_BOT_MAX) {
          throw new AppError('limitReached', INSIGHTS_MSG.correctionsFull(CORRECTIONS_PER_BOT_MAX));
        }
        await trx
          .insertInto('bot_corrections')
          .values({
            id,
            bot_id: input.botId,
            question: input.question,
            answer: input.answer,
            created_at: now,
            updated_at: now,
          })
          .execute();
      });
      return { id };
    },

    async deleteCorrection(user: User, botId: string, id: string): Promise<void> {
      await ownBot(user, botId);
      await changeCorrections(botId, async (trx) => {
        const result = await trx
          .deleteFrom('bot_corrections')
          .where('id', '=', id)
          .where('bot_id', '=', botId)
          .executeTakeFirst();
        if (Number(result.numDeletedRows) === 0)
          throw new AppError('notFound', INSIGHTS_MSG.correctionNotFound);
      });
    },

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

    /** Removes messages older than the retention period; returns how many. */
    async removeExpired(retentionDays: number, now = new Date()): Promise<number> {
      const cutoff = new Date(now.getTime() - retentionDays * 24 * 60 * 60 * 1000).toISOString();
      const result = await db.deleteFrom('chat_messages').where('asked_at', '<', cutoff).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type InsightsService = ReturnType<typeof insightsService>;

/** A CSV cell: quoted, and a leading =, +, - or @ made inert so a spreadsheet reads it as text. */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}
