import type { Kysely } from 'kysely';

/** The site's contact form asks for the sender's company too (optional: empty when not given). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('contact_messages')
    .addColumn('company', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('contact_messages').dropColumn('company').execute();
}
