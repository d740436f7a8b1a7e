import type { Kysely } from 'kysely';
import type { ContactMessageRequest } from '@vuxo/shared';
import type { Database } from '../db/schema.js';
import { newId } from '../ids.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Messages from the site's contact form, kept for the team (listed in /ai-admin). */
export function contactMessagesService({ db }: { db: Kysely<Database> }) {
  return {
    async store(message: ContactMessageRequest): Promise<void> {
      await db
        .insertInto('contact_messages')
        .values({
          id: newId('msg'),
          name: message.name,
          email: message.email,
          company: message.company,
          subject: message.subject || null,
          message: message.message,
          created_at: new Date().toISOString(),
        })
        .execute();
    },
    /** Removes the messages older than the retention period; returns how many went. */
    async removeExpired(retentionDays: number, now = new Date()): Promise<number> {
      const cutoff = new Date(now.getTime() - retentionDays * DAY_MS).toISOString();
      const result = await db
        .deleteFrom('contact_messages')
        .where('created_at', '<', cutoff)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type ContactMessagesService = ReturnType<typeof contactMessagesService>;
