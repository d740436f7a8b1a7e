import { createHash } from 'node:crypto';
import type { Kysely, Transaction, Updateable } from 'kysely';
import type { Database, SourceRefreshesTable } from '../db/schema.js';
import type { ReadPage } from './source-fetch.js';

/** Failed re-reads in a row after which the owner is told, once (decision 118). */
export const SOURCE_FAILURES_BEFORE_NOTICE = 3;

/** The pages' identity: SHA-256 over each page's address, title and text. Equal: nothing to rebuild. */
export function pagesHash(pages: readonly Pick<ReadPage, 'url' | 'title' | 'text'>[]): string {
  const hash = createHash('sha256');
  for (const page of pages) hash.update(`${page.url}\u0000${page.title}\u0000${page.text}\u0000\u0001`);
  return hash.digest('hex');
}

type Db = Kysely<Database> | Transaction<Database>;
type RefreshValues = Omit<Updateable<SourceRefreshesTable>, 'source_id'>;

/** Writes a source's refresh row, making it on the first write. */
export async function saveRefresh(db: Db, sourceId: string, values: RefreshValues): Promise<void> {
  await db
    .insertInto('source_refreshes')
    .values({
      source_id: sourceId,
      etag: null,
      last_modified: null,
      content_hash: null,
      checked_at: null,
      failing_since: null,
      failure: null,
      notified_at: null,
      manual_day: null,
      last_change: null,
      ...values,
    })
    .onConflict((oc) => oc.column('source_id').doUpdateSet(values))
    .execute();
}

export function refreshOf(db: Db, sourceId: string) {
  return db.selectFrom('source_refreshes').selectAll().where('source_id', '=', sourceId).executeTakeFirst();
}

/** A good read (changed or not): its validators and hash kept, any run of failures ended. */
export const goodRead = (at: string, page: { etag?: string | null; lastModified?: string | null }) => ({
  checked_at: at,
  etag: page.etag ?? null,
  last_modified: page.lastModified ?? null,
  failed_reads: 0,
  failing_since: null,
  failure: null,
  notified_at: null,
});
