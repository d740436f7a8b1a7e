import type { ColumnType } from 'kysely';
import type { IsoTimestamp, SqlBool } from './schema-columns.js';

/**
 * A website source's scheduled re-reading (decision 118, migration 0030): one row per source, made by its first
 * read. The validators and the content hash of the last good read decide whether a read changed anything; a
 * read that fails is counted here while the source keeps its last good pages.
 */
export interface SourceRefreshesTable {
  source_id: string;
  /** The last good read's ETag and Last-Modified, sent back as If-None-Match / If-Modified-Since. */
  etag: string | null;
  last_modified: string | null;
  /** SHA-256 of the last good read's pages (address, title, text): equal means nothing to rebuild. */
  content_hash: string | null;
  /** When the source was last read (any outcome); a period's read is due once this is before its start. */
  checked_at: IsoTimestamp | null;
  /** 1: the owner paused the schedule for this source ("Re-read now" still works). */
  paused: ColumnType<SqlBool, SqlBool | undefined, SqlBool>;
  /** Failed reads in a row since the last good one. */
  failed_reads: ColumnType<number, number | undefined, number>;
  /** The first failed read of the run, and the last one's reason (the owner's words). */
  failing_since: IsoTimestamp | null;
  failure: string | null;
  /** When the owner was told of this run of failures (once per run). */
  notified_at: IsoTimestamp | null;
  /** "Re-read now" presses on `manual_day` (UTC date), for the daily limit. */
  manual_day: string | null;
  manual_count: ColumnType<number, number | undefined, number>;
  /** JSON SourceChange: what the last re-read that changed the source changed (decision 119). */
  last_change: string | null;
}
