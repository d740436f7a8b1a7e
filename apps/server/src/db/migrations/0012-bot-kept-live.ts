import type { Kysely } from 'kysely';

/**
 * When the owner last chose to keep a bot live while their bots are over the plan's cap (decision 032); null
 * when never. Which bots answer is computed from it at request time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bots').addColumn('kept_live_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bots').dropColumn('kept_live_at').execute();
}
