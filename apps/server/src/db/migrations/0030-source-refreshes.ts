import type { Kysely } from 'kysely';

/** A website source's scheduled re-reading (decision 118): validators, content hash, failures, pause. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('source_refreshes')
    .addColumn('source_id', 'text', (c) => c.primaryKey())
    .addColumn('etag', 'text')
    .addColumn('last_modified', 'text')
    .addColumn('content_hash', 'text')
    .addColumn('checked_at', 'text')
    .addColumn('paused', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed_reads', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failing_since', 'text')
    .addColumn('failure', 'text')
    .addColumn('notified_at', 'text')
    .addColumn('manual_day', 'text')
    .addColumn('manual_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_change', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('source_refreshes').execute();
}
