import { sql, type Kysely, type Updateable } from 'kysely';
import type { BotsTable, Database } from './schema.js';

/**
 * Where bots are read and changed. A deleted bot is kept as a row (its id is never reused) but is gone for
 * every caller: each query here starts from the live bots, so "not deleted" is written once.
 */
export function botsRepository(db: Kysely<Database>) {
  /** Every bot that is not deleted; further `where`s, joins and selects are the caller's. */
  const live = () => db.selectFrom('bots').where('bots.status', '!=', 'deleted');

  /** A live bot by its id or its share id (the widget's calls take either). */
  const byIdentifier = (identifier: string) =>
    live().where((eb) => eb.or([eb('bots.id', '=', identifier), eb('bots.share_id', '=', identifier)]));

  return {
    live,
    byIdentifier,

    /** A live bot of this owner; another user's bot is not found, like an unknown one. */
    ownedBy: (userId: string, botId: string) =>
      live().where('bots.id', '=', botId).where('bots.user_id', '=', userId),

    /** Changes a live bot (of this owner, when given); true when there was one to change. */
    async update(botId: string, values: Updateable<BotsTable>, ownerId?: string): Promise<boolean> {
      let query = db.updateTable('bots').set(values).where('id', '=', botId).where('status', '!=', 'deleted');
      if (ownerId !== undefined) query = query.where('user_id', '=', ownerId);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * Moves a Ready bot's index to a new version, if it is still at `from` (a compare-and-set: of two
     * rebuilds that read the same version, only one writes); true when it moved.
     */
    async moveIndexVersion(botId: string, from: string, to: string): Promise<boolean> {
      const result = await db
        .updateTable('bots')
        .set({ index_version: to })
        .where('id', '=', botId)
        .where('status', '=', 'cag_generated')
        .where('index_version', '=', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** The websites a live bot's widget may appear on (an empty list: any); null when there is no such bot. */
    async domainsOf(identifier: string): Promise<string[] | null> {
      const row = await byIdentifier(identifier).select('bots.allowed_domains').executeTakeFirst();
      return row ? parseJsonStrings(row.allowed_domains).filter((domain) => domain !== '') : null;
    },

    /** The bots that count against an owner's plan: every bot not deleted. */
    async countOf(userId: string): Promise<number> {
      const row = await live()
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('bots.user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
export type BotsRepository = ReturnType<typeof botsRepository>;

/**
 * How many of its owner's other live bots come before the bot in `bots` in the order bots stay live in when the
 * owner has more than the plan allows (decision 032): those the owner chose to keep live, latest choice first,
 * then the oldest. A bot with at least the plan's cap ahead of it is paused. Read it with `Number()`
 * (PostgreSQL counts in bigint, which arrives as text).
 */
export const botsAhead = sql<number | string>`(select count(*) from bots ahead
  where ahead.user_id = bots.user_id and ahead.status != 'deleted' and ahead.id != bots.id and (
    (ahead.kept_live_at is not null and (bots.kept_live_at is null or ahead.kept_live_at > bots.kept_live_at
      or (ahead.kept_live_at = bots.kept_live_at and ahead.id < bots.id)))
    or (ahead.kept_live_at is null and bots.kept_live_at is null and (ahead.created_at < bots.created_at
      or (ahead.created_at = bots.created_at and ahead.id < bots.id)))))`;

/** A JSON text column holding a list of strings (domains, questions); anything else reads as empty. */
export function parseJsonStrings(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}
