import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * Daily message counts per bot and per visitor key, in `chat_usage`. A message counts
 * against every key of its visitor (the visitor id, the network key), and only when every key
 * is under its daily maximum: a refused message counts nowhere (decision 013), so pressing Send after the limit
 * cannot use up what others on the same network have left.
 * Counting is one atomic statement on both databases: `insert … on conflict do update set count = count + 1
 * where count < maximum returning count`, so concurrent messages can never both take the last one. When some
 * key is full, the keys this message did count are given back at once.
 */

/** A key and the most messages it may count today. */
export interface KeyLimit {
  key: string;
  max: number;
}

export type Consumed =
  | { counted: true; /** Each key's count today, this message included. */ counts: Map<string, number> }
  | { counted: false; /** The keys already at their maximum. */ full: string[] };

/** The UTC day, 'YYYY-MM-DD': every visitor's day ends at the same moment. */
export function usageDay(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** Counts older than this many days are removed now and then. */
const KEEP_DAYS = 2;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

export function chatUsageService(db: Kysely<Database>) {
  let lastPrune = 0;

  async function prune(today: string): Promise<void> {
    const cutoff = new Date(`${today}T00:00:00Z`);
    cutoff.setUTCDate(cutoff.getUTCDate() - KEEP_DAYS);
    await db.deleteFrom('chat_usage').where('day', '<', usageDay(cutoff)).execute();
  }

  /** Gives a message back against these keys. */
  async function refund(botId: string, keys: readonly string[], day = usageDay()): Promise<void> {
    if (keys.length === 0) return;
    await db
      .updateTable('chat_usage')
      .set({ count: sql<number>`count - 1` })
      .where('bot_id', '=', botId)
      .where('day', '=', day)
      .where('visitor_id', 'in', [...keys])
      .where('count', '>', 0)
      .execute();
  }

  return {
    /** Counts one message against every key if each is under its maximum; otherwise counts nothing. */
    async consume(botId: string, limits: readonly KeyLimit[], day = usageDay()): Promise<Consumed> {
      if (limits.length === 0) return { counted: true, counts: new Map() };
      // Written in SQL rather than built: this runs for every visitor message, and building the query cost a
      // third of the time it takes to run.
      const values = sql.join(limits.map(({ key }) => sql`(${botId}, ${key}, ${day}, 1)`));
      const maxima = sql.join(
        limits.map(({ key, max }) => sql`when ${key} then cast(${max} as integer)`),
        sql` `,
      );
      const { rows } = await sql<{ visitor_id: string; count: number }>`
        insert into chat_usage (bot_id, visitor_id, day, count) values ${values}
        on conflict (bot_id, visitor_id, day) do update set count = chat_usage.count + 1
        where chat_usage.count < (case chat_usage.visitor_id ${maxima} end)
        returning visitor_id, count`.execute(db);
      if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
        lastPrune = Date.now();
        void prune(day).catch(() => undefined);
      }
      const counts = new Map(rows.map((r) => [r.visitor_id, Number(r.count)]));
      if (counts.size === limits.length) return { counted: true, counts };
      await refund(botId, [...counts.keys()], day);
      return { counted: false, full: limits.map(({ key }) => key).filter((key) => !counts.has(key)) };
    },

    /** Each key's count today, without counting (a key not seen today is absent). */
    async peek(botId: string, keys: readonly string[], day = usageDay()): Promise<Map<string, number>> {
      if (keys.length === 0) return new Map();
      const rows = await db
        .selectFrom('chat_usage')
        .select(['visitor_id', 'count'])
        .where('bot_id', '=', botId)
        .where('day', '=', day)
        .where('visitor_id', 'in', [...keys])
        .execute();
      return new Map(rows.map((r) => [r.visitor_id, Number(r.count)]));
    },

    /** Gives a message back (it could not be answered). */
    refund,
  };
}
export type ChatUsageService = ReturnType<typeof chatUsageService>;
