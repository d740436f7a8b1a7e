import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The visitors' messages are kept for the owner CHAT_RETENTION_DAYS, then removed by the hourly sweep. */
export function chatRetention(deps: { db: Kysely<Database> }) {
  const { db } = deps;
  return {
    /** Removes messages older than the retention period; returns how many. */
    async removeExpired(retentionDays: number, now = new Date()): Promise<number> {
      const cutoff = new Date(now.getTime() - retentionDays * 24 * 60 * 60 * 1000).toISOString();
      const result = await db.deleteFrom('chat_messages').where('asked_at', '<', cutoff).executeTakeFirst();
      // The live conversations' messages (decision 115) go with them.
      const live = await db.deleteFrom('live_events').where('created_at', '<', cutoff).executeTakeFirst();
      await db.deleteFrom('live_conversations').where('created_at', '<', cutoff).execute();
      return Number(result.numDeletedRows) + Number(live.numDeletedRows);
    },
  };
}
