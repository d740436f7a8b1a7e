import { createHash } from 'node:crypto';
import { createElement } from 'react';
import type { Kysely } from 'kysely';
import { ROUTES, type Plan } from '@vuxo/shared';
import { botsRepository } from '../db/bots-repository.js';
import type { Database } from '../db/schema.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { SOURCE_FETCH_JOB, type SourceFetchPayload } from './bot-sources.js';
import { SourceFailingMail } from './email/messages/source-failing.js';
import type { Outbox } from './email/outbox.js';
import { currentPlan } from './plans.js';
import { refreshOf, saveRefresh, SOURCE_FAILURES_BEFORE_NOTICE } from './source-refresh-state.js';

interface SourceRefreshDeps {
  db: Kysely<Database>;
  queue: Pick<JobQueue, 'enqueueOnce'>;
  mail: Outbox;
  publicUrl: string;
  /** SOURCE_REFRESH_EVERY: one period for every plan that re-reads; null: each plan's own. */
  everySeconds: number | null;
  /** The schedule's clock; tests move it. */
  now: () => Date;
  /** Called after reads were queued, so the worker picks them up at once. */
  wake(): void;
}

/** Seconds between a plan's scheduled re-reads; null where the plan has none (the Free Trial). */
export function refreshPeriodOf(plan: Plan, override: number | null): number | null {
  if (plan.sources.maxSources === 0 || plan.sources.refreshEverySeconds === null) return null;
  return override ?? plan.sources.refreshEverySeconds;
}

/** Where in its period a source's read falls: a hash of its id, so a period's reads spread over it evenly. */
export function offsetMs(sourceId: string, periodMs: number): number {
  return createHash('sha256').update(sourceId).digest().readUInt32BE(0) % periodMs;
}

const longDate = new Intl.DateTimeFormat('en-CA', { dateStyle: 'long', timeZone: 'UTC' });

/**
 * Website sources re-read on a schedule (decision 118). Each source's period starts at its own offset; a tick
 * (every process runs them) queues one read per source and period, as a job whose id names both, so however
 * many processes tick, the read is queued once and claimed once, and a restart only queues what is missing.
 */
export function sourceRefresh(deps: SourceRefreshDeps) {
  const { db, mail } = deps;

  return {
    /** Queues the reads now due; returns how many were queued. */
    async tick(): Promise<number> {
      const now = deps.now().getTime();
      const rows = await botsRepository(db)
        .live()
        .innerJoin('bot_sources', 'bot_sources.bot_id', 'bots.id')
        .leftJoin('source_refreshes', 'source_refreshes.source_id', 'bot_sources.id')
        .select([
          'bot_sources.id',
          'bot_sources.kind',
          'bot_sources.fetched_at',
          'bots.user_id',
          'source_refreshes.checked_at',
          'source_refreshes.paused',
        ])
        .where('bot_sources.status', '=', 'ready')
        .execute();
      const plans = new Map<string, Promise<Plan>>();
      const planOf = (userId: string) => {
        if (!plans.has(userId)) plans.set(userId, currentPlan(db, userId, new Date(now)));
        return plans.get(userId)!;
      };
      let queued = 0;
      for (const row of rows) {
        if (row.paused) continue;
        const plan = await planOf(row.user_id);
        const period = refreshPeriodOf(plan, deps.everySeconds);
        if (period === null || (row.kind === 'site' && !plan.sources.siteCrawl)) continue;
        const periodMs = period * 1000;
        const offset = offsetMs(row.id, periodMs);
        const slot = Math.floor((now - offset) / periodMs);
        const last = row.checked_at ?? row.fetched_at;
        // Read in this period already (the first read, "Re-read now", or this period's own read).
        if (last && Date.parse(last) >= slot * periodMs + offset) continue;
        const payload: SourceFetchPayload = { sourceId: row.id };
        if (await deps.queue.enqueueOnce(SOURCE_FETCH_JOB, payload, `srcread-${row.id}-${slot}`, 3)) queued++;
      }
      if (queued > 0) deps.wake();
      return queued;
    },

    /** A failed re-read: counted, and after a run of them the owner is told, once per run. */
    async onReadFailed(sourceId: string, reason: string): Promise<void> {
      const at = deps.now().toISOString();
      const state = await refreshOf(db, sourceId);
      const failedReads = (state?.failed_reads ?? 0) + 1;
      const since = state?.failing_since ?? at;
      await saveRefresh(db, sourceId, {
        checked_at: at,
        failed_reads: failedReads,
        failing_since: since,
        failure: reason,
      });
      if (failedReads < SOURCE_FAILURES_BEFORE_NOTICE || state?.notified_at) return;
      const owner = await db
        .selectFrom('bot_sources')
        .innerJoin('bots', 'bots.id', 'bot_sources.bot_id')
        .innerJoin('users', 'users.id', 'bots.user_id')
        .select(['bot_sources.url', 'bots.id as botId', 'bots.name', 'users.id as userId', 'users.email'])
        .where('bot_sources.id', '=', sourceId)
        .executeTakeFirst();
      if (owner?.email) {
        await mail.send({
          kind: 'source-failing',
          to: owner.email,
          subject: `${owner.name} could not read ${owner.url}`,
          userId: owner.userId,
          botId: owner.botId,
          dedupeKey: `source-failing:${sourceId}:${since}`,
          body: createElement(SourceFailingMail, {
            botName: owner.name,
            url: owner.url,
            reason,
            since: longDate.format(new Date(since)),
            reads: failedReads,
            botUrl: `${deps.publicUrl}${ROUTES.botInsights(owner.botId)}`,
          }),
        });
      }
      await saveRefresh(db, sourceId, { notified_at: at });
    },
  };
}
export type SourceRefresh = ReturnType<typeof sourceRefresh>;
