import type { Kysely, Updateable } from 'kysely';
import { SOURCE_PAGE_MAX_BYTES, SOURCES_MSG } from '@vuxo/shared';
import { botsRepository } from '../db/bots-repository.js';
import type { BotSourcesTable, Database } from '../db/schema.js';
import { withoutBidiControls } from '../engine/answer/index.js';
import { PermanentJobError, type JobHandler } from '../jobs/worker.js';
import type { SourceFetchPayload } from './bot-sources.js';
import { currentPlan } from './plans.js';
import type { KeyFactEdits } from '../engine/facts/effective.js';
import { sourceChange } from './source-changes.js';
import { goodRead, pagesHash, refreshOf, saveRefresh } from './source-refresh-state.js';

/** A page as read from the web: its final address, title and readable text. */
export interface ReadPage {
  url: string;
  title: string;
  text: string;
  bytes: number;
  /** The validators the website sent, for the next read's conditional request. */
  etag?: string;
  lastModified?: string;
}

/**
 * How sources are read from the web (adapters/web). Each throws a `PermanentJobError` whose message the owner
 * can read when a page cannot be read (refused address, timeout, too large, not a page…).
 */
export interface SourceReader {
  /** With the last read's validators: null when the website answers 304 Not Modified. */
  page(
    url: string,
    limits: {
      maxBytes: number;
      signal: AbortSignal;
      validators?: { etag?: string | null; lastModified?: string | null };
    },
  ): Promise<ReadPage | null>;
  site(
    url: string,
    limits: { maxPages: number; maxBytes: number; signal: AbortSignal },
  ): Promise<{ pages: ReadPage[]; firstFailure: string | null }>;
}

export const SOURCE_FAILED_REASON = "We couldn't read this address. Please try again later.";

export interface SourceFetchDeps {
  db: Kysely<Database>;
  reader: SourceReader;
  rebuildKnowledge(botId: string, signal?: AbortSignal): Promise<void>;
  /** A re-read of a source read before failed: counted, and the owner told after a run of them (decision 118). */
  onReadFailed(sourceId: string, reason: string): Promise<void>;
  /** The time written as a read's `checked_at` (the schedule's clock; tests move it). */
  now: () => Date;
}

/**
 * Reads a website source (one page, or a site up to the plan's page cap), stores its pages in place of the
 * last read's, and rebuilds the bot's knowledge with them. A read again (scheduled, or "Re-read now") sends the
 * last read's validators and compares a hash of the pages: an unchanged source rebuilds nothing. A failed
 * re-read keeps the last good read's pages in use and is counted instead (decision 118).
 */
export function sourceFetchHandler(deps: SourceFetchDeps): JobHandler<SourceFetchPayload> {
  const { db, reader } = deps;
  const setSource = (id: string, values: Updateable<BotSourcesTable>) =>
    db.updateTable('bot_sources').set(values).where('id', '=', id).execute();

  return {
    async run({ sourceId }, ctx) {
      const row = await db
        .selectFrom('bot_sources')
        .select(['url', 'kind', 'bot_id', 'fetched_at'])
        .where('id', '=', sourceId)
        .executeTakeFirst();
      const bot =
        row &&
        (await botsRepository(db)
          .live()
          .select(['bots.user_id'])
          .where('bots.id', '=', row.bot_id)
          .executeTakeFirst());
      if (!row || !bot) return;
      const source = { ...row, user_id: bot.user_id };
      const plan = (await currentPlan(db, source.user_id)).sources;
      if (plan.maxSources === 0 || (source.kind === 'site' && !plan.siteCrawl))
        throw new PermanentJobError(SOURCES_MSG.refreshNeedsPlan);
      const state = await refreshOf(db, sourceId);
      // Read before: the pages stay in use whatever this read brings.
      const readBefore = source.fetched_at !== null;

      if (!readBefore)
        await setSource(sourceId, { status: 'fetching', updated_at: new Date().toISOString() });
      await ctx.heartbeat();
      let pages: ReadPage[] | null;
      try {
        pages =
          source.kind === 'site'
            ? await readSite(reader, source.url, { ...plan, signal: ctx.signal })
            : await readOne(reader, source.url, {
                maxBytes: Math.min(plan.maxBytes, SOURCE_PAGE_MAX_BYTES),
                signal: ctx.signal,
                ...(readBefore && state
                  ? { validators: { etag: state.etag, lastModified: state.last_modified } }
                  : {}),
              });
      } catch (error) {
        if (!readBefore || ctx.signal.aborted) throw error;
        await deps.onReadFailed(
          sourceId,
          error instanceof PermanentJobError ? error.message : SOURCE_FAILED_REASON,
        );
        await setSource(sourceId, { status: 'ready' });
        return;
      }
      await ctx.heartbeat();
      const at = deps.now().toISOString();
      // 304 Not Modified, or the same pages: nothing is stored again and nothing rebuilt.
      const hash = pages && pagesHash(pages);
      if (readBefore && state && (pages === null || hash === state.content_hash)) {
        const validators = pages?.[0] ?? { etag: state.etag, lastModified: state.last_modified };
        await saveRefresh(db, sourceId, goodRead(at, validators));
        await setSource(sourceId, { status: 'ready', error: null });
        return;
      }
      if (!pages) return; // a first read sends no validators, so it is never "not modified"

      // Titles are shown to the owner and, in source lines, to visitors: never with direction controls.
      const titleOf = (page: ReadPage) => withoutBidiControls(page.title);
      const stored = await db.transaction().execute(async (trx) => {
        const now = new Date().toISOString();
        const before = await trx
          .selectFrom('source_pages')
          .select(['url', 'title', 'text'])
          .where('source_id', '=', sourceId)
          .orderBy('ordinal')
          .execute();
        const updated = await trx
          .updateTable('bot_sources')
          .set({
            title: titleOf(pages[0]!),
            error: null,
            page_count: pages.length,
            bytes: pages.reduce((sum, page) => sum + page.bytes, 0),
            fetched_at: now,
            updated_at: now,
          })
          .where('id', '=', sourceId)
          .executeTakeFirst();
        // Removed while it was being read: nothing to keep.
        if (Number(updated.numUpdatedRows) === 0) return null;
        await trx.deleteFrom('source_pages').where('source_id', '=', sourceId).execute();
        for (const [ordinal, page] of pages.entries()) {
          await trx
            .insertInto('source_pages')
            .values({ source_id: sourceId, ordinal, url: page.url, title: titleOf(page), text: page.text })
            .execute();
        }
        return { before };
      });
      if (!stored) return;
      // What changed, for the owner (decision 119): only a re-read has a before.
      const change = readBefore
        ? sourceChange(
            stored.before,
            pages.map((page) => ({ ...page, title: titleOf(page) })),
            await factEditsOf(db, source.bot_id),
            at,
          )
        : null;
      // Ready once the bot answers from it; the hash is kept only then, so a failed rebuild is tried again.
      await deps.rebuildKnowledge(source.bot_id, ctx.signal);
      await saveRefresh(db, sourceId, {
        ...goodRead(at, pages[0]!),
        content_hash: hash,
        ...(change ? { last_change: JSON.stringify(change) } : {}),
      });
      await setSource(sourceId, { status: 'ready' });
    },

    async onGiveUp({ sourceId }, error) {
      const reason = error instanceof PermanentJobError ? error.message : SOURCE_FAILED_REASON;
      const row = await db
        .selectFrom('bot_sources')
        .select('fetched_at')
        .where('id', '=', sourceId)
        .executeTakeFirst();
      if (row?.fetched_at) {
        // Read before: its pages stay in use; the failure is counted as a failed re-read.
        await deps.onReadFailed(sourceId, reason);
        await setSource(sourceId, { status: 'ready' });
        return;
      }
      await setSource(sourceId, { status: 'failed', error: reason, updated_at: new Date().toISOString() });
    },
  };
}

/** The owner's hand-corrected key facts of the bot (decision 039), or null. */
async function factEditsOf(db: Kysely<Database>, botId: string): Promise<KeyFactEdits | null> {
  const row = await db
    .selectFrom('bot_fact_edits')
    .select('edits')
    .where('bot_id', '=', botId)
    .executeTakeFirst();
  return row ? (JSON.parse(row.edits) as KeyFactEdits) : null;
}

async function readOne(
  reader: SourceReader,
  url: string,
  limits: Parameters<SourceReader['page']>[1],
): Promise<ReadPage[] | null> {
  const page = await reader.page(url, limits);
  return page && [page];
}

async function readSite(
  reader: SourceReader,
  url: string,
  limits: { crawlMaxPages: number; maxBytes: number; signal: AbortSignal },
): Promise<ReadPage[]> {
  const { pages, firstFailure } = await reader.site(url, {
    maxPages: limits.crawlMaxPages,
    maxBytes: limits.maxBytes,
    signal: limits.signal,
  });
  if (pages.length === 0) throw new PermanentJobError(firstFailure ?? SOURCE_FAILED_REASON);
  return pages;
}
