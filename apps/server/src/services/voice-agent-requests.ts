import type { Kysely } from 'kysely';
import type { VoiceAgentRequest } from '@vuxo/shared';
import type { Database } from '../db/schema.js';
import { newId } from '../ids.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Phone agent onboarding requests, kept for the team (listed in /ai-admin), who set the agent up. */
export function voiceAgentRequestsService({ db }: { db: Kysely<Database> }) {
  return {
    async store(user: { id: string; email: string | null }, request: VoiceAgentRequest): Promise<string> {
      const id = newId('var');
      // The email is kept with the request: it is who the team reaches, even if the account changes later.
      const data = { email: user.email, ...request };
      await db
        .insertInto('voice_agent_requests')
        .values({ id, user_id: user.id, data: JSON.stringify(data), created_at: new Date().toISOString() })
        .execute();
      return id;
    },
    /** Removes the requests older than the retention period; returns how many went. */
    async removeExpired(retentionDays: number, now = new Date()): Promise<number> {
      const cutoff = new Date(now.getTime() - retentionDays * DAY_MS).toISOString();
      const result = await db
        .deleteFrom('voice_agent_requests')
        .where('created_at', '<', cutoff)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type VoiceAgentRequestsService = ReturnType<typeof voiceAgentRequestsService>;
