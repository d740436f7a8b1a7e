import type { Kysely } from 'kysely';

/**
 * 1 when the owner chose no contact for the bot's declines (the wizard's question, decision 062): the bot says
 * it does not know without giving an address. Existing bots get 0 and keep their contact.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('bots')
    .addColumn('no_contact', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bots').dropColumn('no_contact').execute();
}
