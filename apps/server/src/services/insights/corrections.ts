import type { Kysely } from 'kysely';
import { CORRECTIONS_PER_BOT_MAX, INSIGHTS_MSG, type Correction } from '@vuxo/shared';
import { botsRepository, type BotsRepository } from '../../db/bots-repository.js';
import type { Database } from '../../db/schema.js';
import { prepareCorrection, type PreparedCorrection } from '../../engine/answer/index.js';
import { AppError } from '../../errors.js';
import { newId } from '../../ids.js';
import { LruMap } from '../../lru-map.js';
import type { User } from '../users.js';
import { ownBotCheck } from './owned-bot.js';

/** Bots whose corrections are kept in memory (each keyed by its corrections version). */
const CORRECTION_CACHE_BOTS = 1000;

/** The owner's corrections of a bot's answers, and the chat's cached read of them. */
export function correctionsService(deps: { db: Kysely<Database>; bots: BotsRepository }) {
  const { db, bots } = deps;
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
  };
}
export type CorrectionsService = ReturnType<typeof correctionsService>;
