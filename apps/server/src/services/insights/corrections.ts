import { sql, type Kysely } from 'kysely';
import {
  CORRECTION_ANSWERED_SHOWN,
  CORRECTIONS_PER_BOT_MAX,
  INSIGHTS_MSG,
  type Correction,
} from '@vuxo/shared';
import { botsRepository, type BotsRepository } from '../../db/bots-repository.js';
import type { Database } from '../../db/schema.js';
import { prepareCorrection, type PreparedCorrection } from '../../engine/answer/index.js';
import { AppError } from '../../errors.js';
import { newId } from '../../ids.js';
import { LruMap } from '../../lru-map.js';
import type { ConversationLog } from '../conversation-log.js';
import type { User } from '../users.js';
import { ownBotCheck } from './owned-bot.js';

/** Bots whose corrections are kept in memory (each keyed by its corrections version). */
const CORRECTION_CACHE_BOTS = 1000;

/** The owner's corrections of a bot's answers, and the chat's cached read of them. */
export function correctionsService(deps: {
  db: Kysely<Database>;
  bots: BotsRepository;
  /** The conversation log, written to before the saved answers' visitor questions are read. */
  log: Pick<ConversationLog, 'flush'>;
}) {
  const { db, bots, log } = deps;
  const ownBot = ownBotCheck(bots);
  const correctionCache = new LruMap<string, { version: string; list: PreparedCorrection[] }>(
    CORRECTION_CACHE_BOTS,
  );

  async function listCorrections(botId: string) {
    return db
      .selectFrom('bot_corrections')
      .select(['id', 'question', 'answer', 'updated_at'])
      .where('bot_id', '=', botId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /** For each saved answer of the bot: how many visitors' questions it answered, and the newest few. */
  async function answeredBy(botId: string): Promise<Map<string, Correction['answered']>> {
    const answeredHere = db
      .selectFrom('chat_messages')
      .where('bot_id', '=', botId)
      .where('correction_id', 'is not', null);
    const ranked = answeredHere.select([
      'correction_id',
      'question',
      sql<number>`row_number() over (partition by correction_id order by asked_at desc, id desc)`.as('rank'),
    ]);
    const [counts, recent] = await Promise.all([
      answeredHere
        .select((eb) => ['correction_id', eb.fn.countAll<number | string>().as('n')])
        .groupBy('correction_id')
        .execute(),
      db
        .selectFrom(ranked.as('ranked'))
        .select(['correction_id', 'question'])
        .where('rank', '<=', CORRECTION_ANSWERED_SHOWN)
        .orderBy('rank')
        .execute(),
    ]);
    const answered = new Map<string, Correction['answered']>();
    for (const { correction_id: id, n } of counts) answered.set(id!, { count: Number(n), recent: [] });
    for (const { correction_id: id, question } of recent) answered.get(id!)?.recent.push(question);
    return answered;
  }

  /** Changes the bot's corrections and their version together, so every process reads the change at once. */
  async function changeCorrections(botId: string, change: (trx: Kysely<Database>) => Promise<void>) {
    await db.transaction().execute(async (trx) => {
      await change(trx);
      await botsRepository(trx).touchCorrections(botId);
    });
    correctionCache.delete(botId);
  }

  /** The bot's corrections, read once per corrections version (the chat asks on every message). */
  async function correctionsOf(botId: string, version?: string): Promise<PreparedCorrection[]> {
    const cached = correctionCache.get(botId);
    if (cached && version !== undefined && cached.version === version) return cached.list;
    const current = version ?? (await bots.correctionsVersionOf(botId));
    if (cached && cached.version === current) return cached.list;
    const list = (await listCorrections(botId)).map(prepareCorrection);
    correctionCache.set(botId, { version: current, list });
    return list;
  }

  return {
    correctionsOf,

    async corrections(user: User, botId: string): Promise<Correction[]> {
      await ownBot(user, botId);
      await log.flush();
      const [rows, answered] = await Promise.all([listCorrections(botId), answeredBy(botId)]);
      return rows.map((row) => ({
        id: row.id,
        question: row.question,
        answer: row.answer,
        updatedAt: row.updated_at,
        answered: answered.get(row.id) ?? { count: 0, recent: [] },
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
  };
}
export type CorrectionsService = ReturnType<typeof correctionsService>;
