import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** One answer written (or attempted) by the model: its tokens, and whether the built-in engine stood in. */
export interface ModelAnswer {
  botId: string;
  promptTokens: number;
  cachedTokens: number;
  completionTokens: number;
  fallback: boolean;
}

export interface ModelUsageDay {
  day: string;
  answers: number;
  promptTokens: number;
  cachedTokens: number;
  completionTokens: number;
  fallbacks: number;
}

/** How often the day's totals are added to the table. */
const FLUSH_EVERY_MS = 1_000;

/**
 * A bot's model usage per UTC day. Answers are added up in memory and written a moment later in one upsert per
 * bot and day (and at shutdown), so a chat reply never waits for it; several processes add to the same rows.
 */
export function modelUsageLog(deps: {
  db: Kysely<Database>;
  logger: { error(details: object, message: string): void };
}) {
  const { db, logger } = deps;
  let pending = new Map<string, ModelUsageDay & { botId: string }>();
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();

  async function write(rows: (ModelUsageDay & { botId: string })[]): Promise<void> {
    for (const row of rows) {
      try {
        await db
          .insertInto('model_usage')
          .values({
            bot_id: row.botId,
            day: row.day,
            answers: row.answers,
            prompt_tokens: row.promptTokens,
            cached_tokens: row.cachedTokens,
            completion_tokens: row.completionTokens,
            fallbacks: row.fallbacks,
          })
          .onConflict((conflict) =>
            conflict.columns(['bot_id', 'day']).doUpdateSet({
              answers: sql`model_usage.answers + excluded.answers`,
              prompt_tokens: sql`model_usage.prompt_tokens + excluded.prompt_tokens`,
              cached_tokens: sql`model_usage.cached_tokens + excluded.cached_tokens`,
              completion_tokens: sql`model_usage.completion_tokens + excluded.completion_tokens`,
              fallbacks: sql`model_usage.fallbacks + excluded.fallbacks`,
            }),
          )
          .execute();
      } catch (error) {
        logger.error({ err: error, botId: row.botId }, 'model usage: a day’s totals not written');
      }
    }
  }

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    const rows = [...pending.values()];
    pending = new Map();
    if (rows.length > 0) writing = writing.then(() => write(rows));
    return writing;
  }

  return {
    record(answer: ModelAnswer, at = new Date()): void {
      const day = at.toISOString().slice(0, 10);
      const key = `${answer.botId}\u0000${day}`;
      const row = pending.get(key) ?? {
        botId: answer.botId,
        day,
        answers: 0,
        promptTokens: 0,
        cachedTokens: 0,
        completionTokens: 0,
        fallbacks: 0,
      };
      row.answers += 1;
      row.promptTokens += answer.promptTokens;
      row.cachedTokens += answer.cachedTokens;
      row.completionTokens += answer.completionTokens;
      row.fallbacks += answer.fallback ? 1 : 0;
      pending.set(key, row);
      timer ??= setTimeout(() => void flush(), FLUSH_EVERY_MS);
    },
    flush,
    /** The bot's days since `since` (YYYY-MM-DD), oldest first. */
    async days(botId: string, since: string): Promise<ModelUsageDay[]> {
      await flush();
      const rows = await db
        .selectFrom('model_usage')
        .selectAll()
        .where('bot_id', '=', botId)
        .where('day', '>=', since)
        .orderBy('day')
        .execute();
      return rows.map((r) => ({
        day: r.day,
        answers: Number(r.answers),
        promptTokens: Number(r.prompt_tokens),
        cachedTokens: Number(r.cached_tokens),
        completionTokens: Number(r.completion_tokens),
        fallbacks: Number(r.fallbacks),
      }));
    },
  };
}
export type ModelUsageLog = ReturnType<typeof modelUsageLog>;
