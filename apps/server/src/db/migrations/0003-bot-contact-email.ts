import type { Kysely } from 'kysely';

/**
 * A bot's contact for questions it cannot answer, set by its owner. Null means the
 * default: the owner's sign-in email (users.email), read when a message is answered, so a changed sign-in
 * email is followed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bots').addColumn('contact_email', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bots').dropColumn('contact_email').execute();
}
