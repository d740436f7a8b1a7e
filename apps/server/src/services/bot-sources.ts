import type { Kysely, Selectable, Transaction } from 'kysely';
import {
  BOT_ADMIN_MSG,
  ERROR_CODES,
  SOURCE_REREADS_PER_DAY,
  SOURCES_MSG,
  type AddBotSourceRequest,
  type BotSource,
  type BotSourcesResponse,
  type SourceChange,
  type SourceKind,
} from '@vuxo/shared';
import { botsRepository } from '../db/bots-repository.js';
import type { BotSourcesTable, Database } from '../db/schema.js';
import { AppError } from '../errors.js';
import { newId } from '../ids.js';
import type { EnqueueOptions } from '../jobs/job-queue.js';
import { currentPlan } from './plans.js';
import { refreshOf, saveRefresh } from './source-refresh-state.js';
import type { User } from './users.js';

export const SOURCE_FETCH_JOB = 'source-fetch';
export interface SourceFetchPayload {
  sourceId: string;
}

export interface SourcesDeps {
  db: Kysely<Database>;
  dialect: 'sqlite' | 'postgres';
  jobs: {
    enqueue<P>(kind: string, payload: P, options?: EnqueueOptions): Promise<unknown>;
    wake(): void;
  };
  /** Checks and normalizes an owner's address; throws for one that is not a web address. */
  normalizeUrl(url: string): string;
  /** Rebuilds a Ready bot's knowledge from its document and its ready pages, now. */
  rebuildKnowledge(botId: string): Promise<void>;
}

/** A source with its refresh row's state, when it has one (decision 118). */
type SourceRow = Selectable<BotSourcesTable> & {
  checked_at?: string | null;
  failure?: string | null;
  failing_since?: string | null;
  paused?: number | null;
  last_change?: string | null;
};

const toSource = (row: SourceRow): BotSource => ({
  id: row.id,
  url: row.url,
  kind: row.kind,
  status: row.status,
  ...(row.title ? { title: row.title } : {}),
  ...(row.error ? { error: row.error } : {}),
  ...(row.fetched_at ? { fetchedAt: row.fetched_at } : {}),
  ...(row.page_count !== null ? { pageCount: Number(row.page_count) } : {}),
  ...(row.bytes !== null ? { bytes: Number(row.bytes) } : {}),
  ...(row.checked_at ? { checkedAt: row.checked_at } : {}),
  ...(row.failure && row.failing_since ? { failure: row.failure, failingSince: row.failing_since } : {}),
  ...(row.paused ? { refreshPaused: true } : {}),
  ...(row.last_change ? { lastChange: JSON.parse(row.last_change) as SourceChange } : {}),
});

/**
 * An owner's website sources of a bot: added within the plan's allowance (plans.ts `sources`), read by a
 * durable job (services/source-fetch.ts), refreshed or removed; removing one rebuilds the bot's knowledge
 * before it answers, so its pages are gone from the next answer.
 */
export function botSourcesService(deps: SourcesDeps) {
  const { db, dialect, jobs } = deps;

  /** The owner's live bot (locked in a transaction on PostgreSQL, so concurrent adds count one at a time). */
  async function ownBot(user: User, botId: string, executor: Kysely<Database> = db) {
    const bot = await botsRepository(executor)
      .ownedBy(user.id, botId)
      .select(['bots.id', 'bots.status'])
      .$if(dialect === 'postgres' && executor !== db, (q) => q.forUpdate())
      .executeTakeFirst();
    if (!bot) throw new AppError('notFound', BOT_ADMIN_MSG.botNotFound, ERROR_CODES.botNotFound);
    return bot;
  }

  async function ownSource(user: User, botId: string, id: string) {
    await ownBot(user, botId);
    const source = await db
      .selectFrom('bot_sources')
      .selectAll()
      .where('id', '=', id)
      .where('bot_id', '=', botId)
      .executeTakeFirst();
    if (!source) throw new AppError('notFound', SOURCES_MSG.sourceNotFound);
    return source;
  }

  async function sourceIdByUrl(user: User, botId: string, url: string): Promise<string> {
    await ownBot(user, botId);
    let normalized: string;
    try {
      normalized = deps.normalizeUrl(url);
    } catch {
      throw new AppError('notFound', SOURCES_MSG.sourceNotFound);
    }
    const row = await db
      .selectFrom('bot_sources')
      .select('id')
      .where('bot_id', '=', botId)
      .where('url', '=', normalized)
      .executeTakeFirst();
    if (!row) throw new AppError('notFound', SOURCES_MSG.sourceNotFound);
    return row.id;
  }

  /** Counts a "Re-read now" press against the source's day, or refuses it past the limit. */
  async function countReread(trx: Transaction<Database>, id: string): Promise<void> {
    const today = new Date().toISOString().slice(0, 10);
    const state = await refreshOf(trx, id);
    const used = state?.manual_day === today ? state.manual_count : 0;
    if (used >= SOURCE_REREADS_PER_DAY) {
      throw new AppError(
        'limitReached',
        SOURCES_MSG.rereadLimit(SOURCE_REREADS_PER_DAY),
        ERROR_CODES.sourceRereadLimit,
      );
    }
    await saveRefresh(trx, id, { manual_day: today, manual_count: used + 1 });
  }

  async function allowance(user: User) {
    return (await currentPlan(db, user.id)).sources;
  }

  return {
    async list(user: User, botId: string): Promise<BotSourcesResponse> {
      await ownBot(user, botId);
      const [rows, plan, document] = await Promise.all([
        db
          .selectFrom('bot_sources')
          .leftJoin('source_refreshes', 'source_refreshes.source_id', 'bot_sources.id')
          .selectAll('bot_sources')
          .select([
            'source_refreshes.checked_at',
            'source_refreshes.failure',
            'source_refreshes.failing_since',
            'source_refreshes.paused',
            'source_refreshes.last_change',
          ])
          .where('bot_id', '=', botId)
          .orderBy('created_at')
          .execute(),
        allowance(user),
        botsRepository(db)
          .ownedBy(user.id, botId)
          .innerJoin('documents', 'documents.id', 'bots.document_id')
          .select('documents.original_name')
          .executeTakeFirst(),
      ]);
      return {
        documentName: document?.original_name ?? '',
        sources: rows.map(toSource),
        maxSources: plan.maxSources,
        siteCrawl: plan.siteCrawl,
      };
    },

    async add(user: User, request: Required<AddBotSourceRequest>): Promise<{ id: string }> {
      const plan = await allowance(user);
      if (plan.maxSources === 0)
        throw new AppError('forbidden', SOURCES_MSG.planRequired, ERROR_CODES.planRequired);
      if (request.kind === 'site' && !plan.siteCrawl)
        throw new AppError('forbidden', SOURCES_MSG.siteNeedsPro, ERROR_CODES.planRequired);
      let url: string;
      try {
        url = deps.normalizeUrl(request.url);
      } catch {
        throw new AppError('invalid', SOURCES_MSG.urlInvalid);
      }
      const id = newId('src');
      await db.transaction().execute(async (trx) => {
        const bot = await ownBot(user, request.botId, trx);
        if (bot.status !== 'cag_generated') throw new AppError('conflict', SOURCES_MSG.botNotReady);
        const existing = await trx
          .selectFrom('bot_sources')
          .select('url')
          .where('bot_id', '=', request.botId)
          .execute();
        if (existing.some((row) => row.url === url)) throw new AppError('conflict', SOURCES_MSG.alreadyAdded);
        if (existing.length >= plan.maxSources) {
          throw new AppError(
            'forbidden',
            SOURCES_MSG.limitReached(plan.maxSources),
            ERROR_CODES.sourceLimitReached,
            { maxSources: plan.maxSources },
          );
        }
        const now = new Date().toISOString();
        await trx
          .insertInto('bot_sources')
          .values({
            id,
            bot_id: request.botId,
            url,
            kind: request.kind satisfies SourceKind,
            status: 'queued',
            title: null,
            error: null,
            page_count: null,
            bytes: null,
            fetched_at: null,
            created_at: now,
            updated_at: now,
          })
          .execute();
        await jobs.enqueue<SourceFetchPayload>(SOURCE_FETCH_JOB, { sourceId: id }, { trx, maxAttempts: 3 });
      });
      jobs.wake();
      return { id };
    },

    /**
     * "Re-read now" (by id, or by the address as added): up to SOURCE_REREADS_PER_DAY presses per source per day;
     * an expired plan keeps what was read but refreshes nothing.
     */
    async refresh(
      user: User,
      botId: string,
      by: { id?: string | undefined; url?: string | undefined },
    ): Promise<void> {
      const id = by.id ?? (await sourceIdByUrl(user, botId, by.url ?? ''));
      const source = await ownSource(user, botId, id);
      const plan = await allowance(user);
      if (plan.maxSources === 0 || (source.kind === 'site' && !plan.siteCrawl))
        throw new AppError('forbidden', SOURCES_MSG.refreshNeedsPlan, ERROR_CODES.planRequired);
      if (source.status === 'queued' || source.status === 'fetching') return;
      await db.transaction().execute(async (trx) => {
        await ownBot(user, botId, trx); // one press at a time per bot on PostgreSQL
        await countReread(trx, id);
        await trx
          .updateTable('bot_sources')
          .set({ status: 'queued', error: null, updated_at: new Date().toISOString() })
          .where('id', '=', id)
          .execute();
        await jobs.enqueue<SourceFetchPayload>(SOURCE_FETCH_JOB, { sourceId: id }, { trx, maxAttempts: 3 });
      });
      jobs.wake();
    },

    /** The switch that pauses (or resumes) the source's scheduled re-reading; "Re-read now" still works. */
    async setPaused(user: User, botId: string, id: string, paused: boolean): Promise<void> {
      await ownSource(user, botId, id);
      await saveRefresh(db, id, { paused: paused ? 1 : 0 });
    },

    /** Removes the source and its pages, and rebuilds the bot's knowledge without them before answering. */
    async remove(user: User, botId: string, id: string): Promise<void> {
      const source = await ownSource(user, botId, id);
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('source_pages').where('source_id', '=', id).execute();
        await trx.deleteFrom('source_refreshes').where('source_id', '=', id).execute();
        await trx.deleteFrom('bot_sources').where('id', '=', id).execute();
      });
      if (source.status === 'ready') await deps.rebuildKnowledge(botId);
    },
  };
}
export type BotSourcesService = ReturnType<typeof botSourcesService>;
