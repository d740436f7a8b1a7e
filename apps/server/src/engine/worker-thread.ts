import { Worker, type ResourceLimits, type WorkerOptions } from 'node:worker_threads';
import { entryFile } from './entry-file.js';

/**
 * Starts the worker-thread entry `name` ('build-worker') that sits beside `here` (the caller's import.meta.url);
 * null when it cannot be started from here (see entry-file.ts), and the caller does the work in its own thread.
 */
export function startWorker(
  here: string,
  name: string,
  options: {
    workerData: unknown;
    transferList?: WorkerOptions['transferList'];
    resourceLimits: ResourceLimits;
  },
): Worker | null {
  const entry = entryFile(here, name);
  return entry ? new Worker(entry, options) : null;
}

/** How a worker's outcomes become the caller's value or error. */
export interface WorkerOutcomes<T> {
  /** Its one reply: the value, or an Error to reject with. */
  reply(message: unknown): T | Error;
  /** It threw, ran out of memory or exited without replying. */
  failed(error: Error & { code?: string }): Error;
  timedOut(): Error;
  /** The caller's signal aborted. */
  stopped(): Error;
}

/**
 * The worker's one reply, or the error of whatever happened first (its failure, the time limit, the signal).
 * Every outcome stops the worker and waits for it to exit before settling: nothing is left running.
 */
export function settleWorker<T>(
  worker: Worker,
  outcomes: WorkerOutcomes<T>,
  limits: { timeoutMs: number; signal?: AbortSignal | undefined },
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const finish = (outcome: T | Error): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const settle = (): void => (outcome instanceof Error ? reject(outcome) : resolve(outcome));
      worker.terminate().then(settle, settle);
    };
    const timer = setTimeout(() => finish(outcomes.timedOut()), limits.timeoutMs);
    limits.signal?.addEventListener('abort', () => finish(outcomes.stopped()), { once: true });
    worker.once('message', (message: unknown) => finish(outcomes.reply(message)));
    worker.once('error', (error: Error & { code?: string }) => finish(outcomes.failed(error)));
    worker.once('exit', (code: number) => finish(outcomes.failed(new Error(`worker exited (${code})`))));
  });
}
