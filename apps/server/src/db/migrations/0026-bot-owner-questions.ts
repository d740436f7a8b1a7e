import type { Kysely } from 'kysely';

/**
 * The owner's own list of suggested questions (decision 107), a JSON array of strings; null while the bot shows the
 * ones its build made (`generated_questions`). A build rewrites only `generated_questions`, so the owner's list
 * survives every rebuild.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bots').addColumn('owner_questions', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bots').dropColumn('owner_questions').execute();
}
