import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { JobQueue, JobRow } from './job-queue.js';

/** Thrown by a handler when retrying cannot help: the job fails at once and `onGiveUp` runs. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

/** The abort reason of a handler's signal when another worker has taken its job over. */
export class LeaseLostError extends Error {
  override name = 'LeaseLostError';
}

export interface JobContext {
  job: JobRow;
  /** 1 for the first attempt. */
  attempt: number;
  /** Aborted when the lease is lost (or the worker stops past its timeout): stop working. */
  signal: AbortSignal;
  /** Extends the lease now (the worker also does so every leaseMs / 3); throws if it was lost. */
  heartbeat(): Promise<void>;
}

export interface JobHandler<P = unknown> {
  run(payload: P, ctx: JobContext): Promise<void>;
  /** Called when the last attempt fails (or a `PermanentJobError`), before the job is marked failed. */
  onGiveUp?(payload: P, error: unknown): Promise<void>;
}

/** The slice of pino (and Fastify's `app.log`) the worker uses. */
export interface JobLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface WorkerOptions {
  queue: JobQueue;
  /** Default: host:pid:random, unique per worker. */
  owner?: string;
  handlers: Record<string, JobHandler>;
  leaseMs?: number;
  pollMs?: number;
  concurrency?: number;
  logger: JobLogger;
}

export function createWorker(options: WorkerOptions) {
  const { queue, handlers, logger } = options;
  const owner = options.owner ?? `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const { leaseMs = 30_000, pollMs = 500, concurrency = 1 } = options;
  const kinds = Object.keys(handlers);
  /** Running jobs: each one's promise (never rejects) and the controller behind its signal. */
  const active = new Map<Promise<void>, AbortController>();
  let started = false;
  let stopped = false;
  let claims = 0;
  let timer: NodeJS.Timeout | undefined;
  let polling: Promise<void> | undefined;
  let pollAgain = false;

  /** One poll at a time; a wake during a poll makes it go round once more. */
  function poll(): Promise<void> {
    if (polling) {
      pollAgain = true;
      return polling;
    }
    polling = (async () => {
      do {
        pollAgain = false;
        await fill();
      } while (pollAgain && !stopped);
    })().finally(() => {
      polling = undefined;
      clearTimeout(timer);
      if (started) timer = setTimeout(() => void poll(), pollMs).unref();
    });
    return polling;
  }

  /** Claims due jobs until every slot is busy or none is due. */
  async function fill(): Promise<void> {
    while (!stopped && active.size < concurrency) {
      const job = await queue.claim(owner, kinds, leaseMs).catch((err: unknown) => {
        logger.error({ err, owner }, 'Job claim failed; will poll again');
        return null;
      });
      if (!job) return;
      claims++;
      const controller = new AbortController();
      const running: Promise<void> = runJob(job, controller).finally(() => {
        active.delete(running);
        if (started) void poll();
      });
      active.set(running, controller);
    }
  }

  async function runJob(job: JobRow, controller: AbortController): Promise<void> {
    const where = { jobId: job.id, kind: job.kind, attempt: job.attempts, owner };
    const handler = handlers[job.kind]!; // only kinds with a handler are claimed
    const heartbeat = async () => {
      if (controller.signal.aborted || (await queue.heartbeat(job, owner, leaseMs))) return;
      logger.warn(where, 'Job lease lost; another worker has taken it over');
      controller.abort(new LeaseLostError(`Lost the lease on job ${job.id}`));
    };
    const beat = setInterval(() => {
      heartbeat().catch((err: unknown) => logger.error({ ...where, err }, 'Job heartbeat failed'));
    }, leaseMs / 3);
    try {
      let payload: unknown;
      let failure: { error: unknown } | undefined;
      try {
        payload = JSON.parse(job.payload);
        if (job.attempts > job.max_attempts) {
          // Every attempt so far died with its process (or hung): resuming again would loop forever.
          throw new PermanentJobError(`Interrupted ${job.max_attempts} times without finishing`);
        }
        const signal = controller.signal;
        const beatNow = () => heartbeat().then(() => signal.throwIfAborted());
        await handler.run(payload, { job, attempt: job.attempts, signal, heartbeat: beatNow });
      } catch (error) {
        failure = { error };
      }
      if (controller.signal.aborted) return; // the job is someone else's now, or will be resumed

      if (!failure) {
        if (await queue.complete(job, owner)) logger.info(where, 'Job done');
        else logger.warn(where, 'Job finished after its lease was lost; result discarded');
        return;
      }
      const { error } = failure;
      const giveUp = error instanceof PermanentJobError || job.attempts >= job.max_attempts;
      if (giveUp) {
        await handler.onGiveUp?.(payload, error).catch((err: unknown) => {
          logger.error({ ...where, err }, 'Job onGiveUp failed');
        });
      }
      const outcome = await queue.fail(job, owner, error, { giveUp });
      const text = { retrying: 'will retry', failed: 'for good', lost: 'after losing its lease' }[outcome];
      logger[outcome === 'retrying' ? 'warn' : 'error']({ ...where, err: error }, `Job failed ${text}`);
    } catch (err) {
      // A database error while recording the outcome: the lease expires and the job runs again.
      logger.error({ ...where, err }, 'Job bookkeeping failed; it will be resumed when its lease expires');
    } finally {
      clearInterval(beat);
    }
  }

  return {
    owner,
    /** Starts polling (immediately, then every pollMs and whenever a job finishes). */
    start(): void {
      if (started) return;
      started = true;
      stopped = false;
      void poll();
    },
    /** Polls now, e.g. right after an enqueue; does nothing unless started. */
    wake(): void {
      if (started) void poll();
    },
    /**
     * Stops claiming and waits for running jobs. Past the timeout their signals are aborted and
     * they are abandoned without being completed or failed: their leases expire and the next
     * worker (this process restarted, or another one) resumes them.
     */
    async stop(timeoutMs = 10_000): Promise<void> {
      started = false;
      stopped = true;
      clearTimeout(timer);
      await polling;
      let overdue: NodeJS.Timeout | undefined;
      const timedOut = await Promise.race([
        Promise.all(active.keys()).then(() => false),
        new Promise<boolean>((resolve) => (overdue = setTimeout(() => resolve(true), timeoutMs))),
      ]);
      clearTimeout(overdue);
      if (!timedOut) return;
      logger.warn({ owner, running: active.size }, 'Worker stopped with jobs still running; abandoning them');
      for (const controller of active.values()) controller.abort(new Error('The worker stopped'));
    },
    /** For tests: runs jobs until none is due (jobs waiting on a backoff are not due). */
    async drain(): Promise<void> {
      for (;;) {
        const before = claims;
        await poll();
        await Promise.all(active.keys());
        if (claims === before) return;
      }
    },
  };
}
export type Worker = ReturnType<typeof createWorker>;
