import type { Kysely, Updateable } from 'kysely';
import { SOURCE_PAGE_MAX_BYTES, SOURCES_MSG } from '@vuxo/shared';
import { botsRepository } from '../db/bots-repository.js';
import type { BotSourcesTable, Database } from '../db/schema.js';
import { withoutBidiControls } from '../engine/answer/index.js';
import { PermanentJobError, type JobHandler } from '../jobs/worker.js';
import type { SourceFetchPayload } from './bot-sources.js';
import { currentPlan } from './plans.js';

/** A page as read from the web: its final address, title and readable text. */
export interface ReadPage {
  url: string;
  title: string;
  text: string;
  bytes: number;
}

/**
 * How sources are read from the web (adapters/web). Each throws a `PermanentJobError` whose message the owner
 * can read when a page cannot be read (refused address, timeout, too large, not a page…).
 */
export interface SourceReader {
  page(url: string, limits: { maxBytes: number; signal: AbortSignal }): Promise<ReadPage>;
  site(
    url: string,
    limits: { maxPages: number; maxBytes: number; signal: AbortSignal },
  ): Promise<{ pages: ReadPage[]; firstFailure: string | null }>;
}

export const SOURCE_FAILED_REASON = "We couldn't read this address. Please try again later.";

/**
 * Reads a website source (one page, or a site up to the plan's page cap), stores its pages in place of the
 * last read's, and rebuilds the bot's knowledge with them. A failure keeps the last good read's pages in use.
 */
export function sourceFetchHandler(deps: {
  db: Kysely<Database>;
  reader: SourceReader;
  rebuildKnowledge(botId: string, signal?: AbortSignal): Promise<void>;
}): JobHandler<SourceFetchPayload> {
  const { db, reader } = deps;
  const setSource = (id: string, values: Updateable<BotSourcesTable>) =>
    db.updateTable('bot_sources').set(values).where('id', '=', id).execute();

  return {
    async run({ sourceId }, ctx) {
      const row = await db
        .selectFrom('bot_sources')
        .select(['url', 'kind', 'bot_id'])
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

      await setSource(sourceId, { status: 'fetching', updated_at: new Date().toISOString() });
      await ctx.heartbeat();
      const pages =
        source.kind === 'site'
          ? await readSite(reader, source.url, { ...plan, signal: ctx.signal })
          : [
              await reader.page(source.url, {
                maxBytes: Math.min(plan.maxBytes, SOURCE_PAGE_MAX_BYTES),
                signal: ctx.signal,
              }),
            ];
      await ctx.heartbeat();

      // Titles are shown to the owner and, in source lines, to visitors: never with direction controls.
      const titleOf = (page: ReadPage) => withoutBidiControls(page.title);
      const stored = await db.transaction().execute(async (trx) => {
        const now = new Date().toISOString();
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
        if (Number(updated.numUpdatedRows) === 0) return false;
        await trx.deleteFrom('source_pages').where('source_id', '=', sourceId).execute();
        for (const [ordinal, page] of pages.entries()) {
          await trx
            .insertInto('source_pages')
            .values({ source_id: sourceId, ordinal, url: page.url, title: titleOf(page), text: page.text })
            .execute();
        }
        return true;
      });
      if (!stored) return;
      // Ready once the bot answers from it.
      await deps.rebuildKnowledge(source.bot_id, ctx.signal);
      await setSource(sourceId, { status: 'ready' });
    },

    async onGiveUp({ sourceId }, error) {
      await setSource(sourceId, {
        status: 'failed',
        error: error instanceof PermanentJobError ? error.message : SOURCE_FAILED_REASON,
        updated_at: new Date().toISOString(),
      });
    },
  };
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
