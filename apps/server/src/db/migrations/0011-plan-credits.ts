import type { Kysely } from 'kysely';

/**
 * A plan change keeps the paid time of the plan it replaces (decision 033): a lower plan's period converted into
 * days of a higher plan is marked `credited`, with the unused value moved and the subscription that received it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('subscriptions').addColumn('credited_cents', 'integer').execute();
  await db.schema.alterTable('subscriptions').addColumn('credited_to', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('subscriptions').dropColumn('credited_to').execute();
  await db.schema.alterTable('subscriptions').dropColumn('credited_cents').execute();
}
