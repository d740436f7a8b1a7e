import { spawn, type ChildProcess } from 'node:child_process';
import { entryFile } from './entry-file.js';
import type { WorkerOutcomes } from './worker-thread.js';

export interface ChildLimits {
  /**
   * The data the process may use (RLIMIT_DATA, less the code ranges V8 only reserves): V8's heap, buffers, every
   * allocation.
   */
  memoryMb: number;
  /** V8's old-generation limit, below `memoryMb`, so that most overruns end as a heap error, not a crash. */
  heapMb: number;
  /** The V8 isolates the child runs (its main thread and each worker thread); 1 unless it starts workers. */
  isolates?: number;
}

/**
 * Address space V8 reserves per isolate for its code (Node 22 and later on x64: 512 MiB, mapped up front, so
 * RLIMIT_DATA counts it although almost none of it is ever touched). Added to the limit per isolate so that
 * `memoryMb` stays what the child can really allocate (decision 045).
 */
export const CODE_RANGE_RESERVATION_MB = 512;

/** Keeps the end of the child's stderr (a crash's last words) for the error's cause. */
const STDERR_TAIL = 2048;

/**
 * Starts the entry `name` ('extract-child') beside `here` (the caller's import.meta.url) in a Node process of its
 * own, with an IPC channel and a memory limit the kernel enforces: a worker thread's resourceLimits cover only
 * its JavaScript heap, not the decoded buffers a parser allocates. `ulimit -d` is set by /bin/sh before it execs
 * Node (Node has no setrlimit); core dumps are off. Null when the entry cannot be started from here (see
 * entry-file.ts): the caller does the work in its own thread.
 */
export function startLimitedChild(here: string, name: string, limits: ChildLimits): ChildProcess | null {
  const entry = entryFile(here, name);
  if (!entry) return null;
  const dataMb = limits.memoryMb + CODE_RANGE_RESERVATION_MB * (limits.isolates ?? 1);
  const script = 'ulimit -c 0 && ulimit -d "$0" && exec "$@"';
  const node = [process.execPath, `--max-old-space-size=${limits.heapMb}`, entry];
  return spawn('/bin/sh', ['-c', script, String(dataMb * 1024), ...node], {
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    serialization: 'advanced',
  });
}

/**
 * Sends the child its one request and settles with its one reply, or with the error of whatever happened first
 * (it crashed or ran out of memory, the time limit). Every outcome kills the child and waits for it to be gone
 * before settling, so its memory is back with the operating system when the caller continues.
 */
export function settleChild<T>(
  child: ChildProcess,
  request: unknown,
  outcomes: Omit<WorkerOutcomes<T>, 'stopped'> & {
    /** True when the message is an update on the way (progress), not the reply. */
    update?: (message: unknown) => boolean;
  },
  limits: { timeoutMs: number },
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let outcome: T | Error | undefined;
    let stderr = '';
    const decide = (value: T | Error): void => {
      outcome ??= value;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => decide(outcomes.timedOut()), limits.timeoutMs);
    const settle = (ended: Error): void => {
      clearTimeout(timer);
      const settled = outcome ?? outcomes.failed(ended);
      if (settled instanceof Error) reject(settled);
      else resolve(settled);
    };
    child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-STDERR_TAIL)));
    child.on('message', (message: unknown) => {
      if (!outcomes.update?.(message)) decide(outcomes.reply(message));
    });
    child.once('error', (error: Error & { code?: string }) => {
      // A process that never started emits no 'close'.
      if (child.pid === undefined) settle(error);
      else decide(outcomes.failed(error));
    });
    child.once('close', (code: number | null, signal: NodeJS.Signals | null) => {
      const ended = new Error(`the child process ended (${signal ?? `exit code ${code}`}): ${stderr.trim()}`);
      settle(Object.assign(ended, { code: signal ? 'CHILD_KILLED' : 'CHILD_EXITED' }));
    });
    child.send(request as object, (error) => {
      if (error) decide(outcomes.failed(error));
    });
  });
}
