import type { Kysely } from 'kysely';
import type { VoiceAgentRequest } from '@vuxo/shared';
import type { Database } from '../db/schema.js';
import { newId } from '../ids.js';

/** Phone agent onboarding requests, kept for the team (listed in /ai-admin), who set the agent up. */
export function voiceAgentRequestsService(db: Kysely<Database>) {
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
  };
}
export type VoiceAgentRequestsService = ReturnType<typeof voiceAgentRequestsService>;
