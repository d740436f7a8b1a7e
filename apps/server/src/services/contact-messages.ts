import type { Kysely } from 'kysely';
import type { ContactMessageRequest } from '@vuxo/shared';
import type { Database } from '../db/schema.js';
import { newId } from '../ids.js';

/** Messages from the site's contact form, kept for the team (listed in /ai-admin). */
export function contactMessagesService(db: Kysely<Database>) {
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
  };
}
export type ContactMessagesService = ReturnType<typeof contactMessagesService>;
