import { randomUUID } from 'node:crypto';
import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import type { Database, JobRow } from '../db/schema.js';

/**
 * The durable job table (a bot build survives a restart).
 * The `jobs` row is the only state. A claim sets `status = 'running'`, a lease (`lease_owner`,
 * `lease_until`) and `attempts + 1`; a job whose lease has expired is due again, which is how a
 * killed process's job is resumed. `attempts` doubles as a fencing token: heartbeat, complete and
 * fail only touch the row if it still carries the claim's owner *and* attempt number.
 */
export type { JobRow };

export interface EnqueueOptions {
  /** Not before this time (default: now). */
  runAfter?: Date;
  /** Default: the column default (5). */
  maxAttempts?: number;
  /** Default: a random UUID. A duplicate id is a primary-key error. */
  id?: string;
  /** Write the job in the caller's transaction, so the job exists only if the transaction commits. */
  trx?: Transaction<Database>;
}

export interface FailOptions {
  /** Skip the remaining attempts (a `PermanentJobError`, or a job that can never run). */
  giveUp?: boolean;
}

/** What `fail` did: queued again for a later attempt, failed for good, or nothing (lease lost). */
export type FailOutcome = 'retrying' | 'failed' | 'lost';

export interface JobQueueOptions {
  /** Delay before attempt `attempts + 1`, after `attempts` failed ones. */
  retryDelayMs?: (attempts: number) => number;
}

/** 2 s, 4 s, 8 s, … capped at 5 minutes. */
export function exponentialBackoff(baseMs = 2_000, maxMs = 5 * 60_000): (attempts: number) => number {
  return (attempts) => Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

/** Error text kept in `last_error`, capped so a huge message cannot bloat the row. */
export const LAST_ERROR_MAX = 2_000;

export function jobQueue(
  db: Kysely<Database>,
  dialect: 'sqlite' | 'postgres',
  options: JobQueueOptions = {},
) {
  const retryDelayMs = options.retryDelayMs ?? exponentialBackoff();
  const later = (from: Date, ms: number) => new Date(from.getTime() + ms).toISOString();

  /** The row as this claim left it: same id, still running, same owner, same attempt. */
  const owned = (job: JobRow, owner: string) =>
    db
      .updateTable('jobs')
      .where('id', '=', job.id)
      .where('status', '=', 'running')
      .where('lease_owner', '=', owner)
      .where('attempts', '=', job.attempts);

  return {
    async enqueue<P>(kind: string, payload: P, opts: EnqueueOptions = {}): Promise<JobRow> {
      const now = new Date().toISOString();
      return (opts.trx ?? db)
        .insertInto('jobs')
        .values({
          id: opts.id ?? randomUUID(),
          kind,
          payload: JSON.stringify(payload),
          ...(opts.maxAttempts !== undefined ? { max_attempts: opts.maxAttempts } : {}),
          run_after: opts.runAfter?.toISOString() ?? now,
          lease_owner: null,
          lease_until: null,
          last_error: null,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /**
     * Queues the job `id` now unless a job with that id exists (in whatever state): true when this call queued it.
     * Several processes queuing the same id queue it once (decision 118's scheduled reads).
     */
    async enqueueOnce<P>(kind: string, payload: P, id: string, maxAttempts?: number): Promise<boolean> {
      const now = new Date().toISOString();
      const row = await db
        .insertInto('jobs')
        .values({
          id,
          kind,
          payload: JSON.stringify(payload),
          ...(maxAttempts !== undefined ? { max_attempts: maxAttempts } : {}),
          run_after: now,
          lease_owner: null,
          lease_until: null,
          last_error: null,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Queues the job `id` to run at `runAfter`, or moves it there when it exists, whatever its state: a debounce
     * (the latest call wins). A claim running meanwhile loses its fencing token (`attempts` is reset), so its
     * outcome is discarded and the job runs again at the new time.
     */
    async schedule<P>(kind: string, payload: P, id: string, runAfter: Date): Promise<void> {
      const now = new Date().toISOString();
      const when = runAfter.toISOString();
      const json = JSON.stringify(payload);
      await db
        .insertInto('jobs')
        .values({
          id,
          kind,
          payload: json,
          run_after: when,
          lease_owner: null,
          lease_until: null,
          last_error: null,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) =>
          oc.column('id').doUpdateSet({
            status: 'queued',
            payload: json,
            run_after: when,
            attempts: 0,
            lease_owner: null,
            lease_until: null,
            updated_at: now,
          }),
        )
        .execute();
    },

    /**
     * Claims the next due job of one of `kinds`, or returns null. One UPDATE statement whose WHERE
     * re-checks that the job is still due: whoever changes the row has it. On PostgreSQL the
     * candidate is picked with FOR UPDATE SKIP LOCKED, so concurrent claimers take different jobs
     * instead of queueing on one row; on SQLite a write statement holds the database's single write
     * lock from its first step, so the pick and the update cannot interleave with another writer.
     */
    async claim(owner: string, kinds: readonly string[], leaseMs: number): Promise<JobRow | null> {
      if (kinds.length === 0) return null;
      const now = new Date();
      const at = now.toISOString();
      const row = await db
        .updateTable('jobs')
        .set((eb) => ({
          status: 'running',
          attempts: eb('attempts', '+', 1),
          lease_owner: owner,
          lease_until: later(now, leaseMs),
          updated_at: at,
        }))
        .where('id', '=', (eb) =>
          eb
            .selectFrom('jobs')
            .select('id')
            .where('kind', 'in', kinds)
            .where((w) => due(w, at))
            .orderBy('run_after')
            .orderBy('created_at')
            .limit(1)
            .$if(dialect === 'postgres', (q) => q.forUpdate().skipLocked()),
        )
        .where((w) => due(w, at))
        .returningAll()
        .executeTakeFirst();
      return row ?? null;
    },

    /** Extends the lease; false when this claim no longer owns the job (another worker took it). */
    async heartbeat(job: JobRow, owner: string, leaseMs: number): Promise<boolean> {
      const now = new Date();
      const result = await owned(job, owner)
        .set({ lease_until: later(now, leaseMs), updated_at: now.toISOString() })
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Marks the job done; false when the lease was lost (the row is left to its new owner). */
    async complete(job: JobRow, owner: string): Promise<boolean> {
      const result = await owned(job, owner)
        .set({ status: 'done', lease_owner: null, lease_until: null, updated_at: new Date().toISOString() })
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Queues the job again after a backoff, or fails it for good once its attempts are used up. */
    async fail(job: JobRow, owner: string, error: unknown, opts: FailOptions = {}): Promise<FailOutcome> {
      const now = new Date();
      const final = opts.giveUp === true || job.attempts >= job.max_attempts;
      const result = await owned(job, owner)
        .set({
          status: final ? 'failed' : 'queued',
          run_after: final ? job.run_after : later(now, retryDelayMs(job.attempts)),
          lease_owner: null,
          lease_until: null,
          last_error: errorText(error),
          updated_at: now.toISOString(),
        })
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) return 'lost';
      return final ? 'failed' : 'retrying';
    },

    async get(id: string): Promise<JobRow | undefined> {
      return db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /**
     * Removes jobs done or failed for good before `before` (the hourly sweep keeps a month): scheduled reads add a
     * row per source and period. Queued and running jobs stay, whatever their age.
     */
    async removeFinished(before: Date): Promise<number> {
      const removed = await db
        .deleteFrom('jobs')
        .where('status', 'in', ['done', 'failed'])
        .where('updated_at', '<', before.toISOString())
        .executeTakeFirst();
      return Number(removed.numDeletedRows);
    },
  };
}
export type JobQueue = ReturnType<typeof jobQueue>;

/** Queued and due, or running on a lease that has expired (its process died or hung). */
function due(eb: ExpressionBuilder<Database, 'jobs'>, at: string) {
  return eb.or([
    eb.and([eb('status', '=', 'queued'), eb('run_after', '<=', at)]),
    eb.and([eb('status', '=', 'running'), eb('lease_until', '<', at)]),
  ]);
}

export function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message || error.name : String(error);
  return text.length > LAST_ERROR_MAX ? `${text.slice(0, LAST_ERROR_MAX - 1)}…` : text;
}
