import { sql, type Kysely } from 'kysely';

/**
 * The version of a bot's answer index, apart from `updated_at`: a build sets it, and the answer engine keys
 * its loaded index and cached answers by it, so saving a theme or the allowed websites no longer throws
 * them away. Existing bots take their last change as the version (what the engine used until now).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('bots')
    .addColumn('index_version', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await sql`update bots set index_version = updated_at`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bots').dropColumn('index_version').execute();
}
