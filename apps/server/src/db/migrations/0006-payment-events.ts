import type { Kysely } from 'kysely';

/** The payment provider's events already handled, so a webhook delivered twice applies once. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payment_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payment_events').execute();
}
