import { exponentialBackoff, jobQueue, type JobQueue } from '../../src/jobs/job-queue.js';
import {
  createWorker,
  LeaseLostError,
  PermanentJobError,
  type JobHandler,
  type Worker,
} from '../../src/jobs/worker.js';
import { testDatabases, type TestDatabase } from '../support/databases.js';
import { memoryLogger, PAST, waitFor } from './support.js';

interface BuildPayload {
  botId: string;
}

describe.each(testDatabases())('worker on $name', (factory) => {
  let database: TestDatabase;
  let queue: JobQueue;
  const workers: Worker[] = [];
  const logger = memoryLogger();

  beforeEach(async () => {
    logger.lines.length = 0;
    database = await factory.open();
    queue = jobQueue(database.db, database.dialect, { retryDelayMs: exponentialBackoff(5) });
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop(1_000)));
    await database.close();
  });

  const worker = (
    handlers: Record<string, JobHandler>,
    options: { owner?: string; leaseMs?: number; pollMs?: number } = {},
  ) => {
    const created = createWorker({ queue, handlers, logger, leaseMs: 2_000, pollMs: 10, ...options });
    workers.push(created);
    return created;
  };
  const statusOf = async (id: string) => (await queue.get(id))?.status;

  it('runs the handler with the payload and marks the job done', async () => {
    const seen: { payload: BuildPayload; attempt: number; jobId: string }[] = [];
    const build: JobHandler<BuildPayload> = {
      async run(payload, ctx) {
        await ctx.heartbeat();
        seen.push({ payload, attempt: ctx.attempt, jobId: ctx.job.id });
      },
    };
    await queue.enqueue<BuildPayload>('build', { botId: 'b1' }, { id: 'j1' });
    await worker({ build }).drain();
    expect(seen).toEqual([{ payload: { botId: 'b1' }, attempt: 1, jobId: 'j1' }]);
    expect(await queue.get('j1')).toMatchObject({ status: 'done', attempts: 1, lease_owner: null });
  });

  it('starts a job as soon as it is woken, without waiting for the poll interval', async () => {
    let polls = 0;
    const counting: JobQueue = { ...queue, claim: (...args) => queue.claim(...args).finally(() => polls++) };
    const ran: string[] = [];
    const w = createWorker({
      queue: counting,
      logger,
      pollMs: 60 * 60_000,
      handlers: { build: { run: async (p) => void ran.push((p as BuildPayload).botId) } },
    });
    workers.push(w);
    w.start();
    await waitFor(() => polls === 1, { what: 'the first, empty poll' });
    await queue.enqueue('build', { botId: 'b1' }, { id: 'j1' });
    w.wake();
    await waitFor(async () => (await statusOf('j1')) === 'done', { what: 'the woken job' });
    expect(ran).toEqual(['b1']);
  });

  it('retries a failing handler with backoff, then fails the job and calls onGiveUp once', async () => {
    const attempts: number[] = [];
    const gaveUp: { payload: unknown; error: unknown }[] = [];
    const w = worker({
      build: {
        async run(_payload, ctx) {
          attempts.push(ctx.attempt);
          throw new Error(`extraction failed (${ctx.attempt})`);
        },
        async onGiveUp(payload, error) {
          gaveUp.push({ payload, error });
        },
      },
    });
    await queue.enqueue('build', { botId: 'b1' }, { id: 'j1', maxAttempts: 3 });
    w.start();
    await waitFor(async () => (await statusOf('j1')) === 'failed', { what: 'the job to fail' });
    expect(attempts).toEqual([1, 2, 3]);
    expect(gaveUp).toHaveLength(1);
    expect(gaveUp[0]?.payload).toEqual({ botId: 'b1' });
    expect(String(gaveUp[0]?.error)).toContain('extraction failed (3)');
    expect(await queue.get('j1')).toMatchObject({ attempts: 3, last_error: 'extraction failed (3)' });
    await w.stop();
    expect(gaveUp).toHaveLength(1);
  });

  it('does not retry a PermanentJobError', async () => {
    const onGiveUp = vi.fn(async () => {});
    const run = vi.fn(async () => {
      throw new PermanentJobError('The document has no text');
    });
    await queue.enqueue('build', { botId: 'b1' }, { id: 'j1' });
    await worker({ build: { run, onGiveUp } }).drain();
    expect(run).toHaveBeenCalledTimes(1);
    expect(onGiveUp).toHaveBeenCalledTimes(1);
    expect(await queue.get('j1')).toMatchObject({
      status: 'failed',
      attempts: 1,
      max_attempts: 5,
      last_error: 'The document has no text',
    });
  });

  it('survives a failing claim, a failing onGiveUp and a non-Error throw', async () => {
    let failNextClaim = true;
    const flaky: JobQueue = {
      ...queue,
      claim: (...args) => {
        if (!failNextClaim) return queue.claim(...args);
        failNextClaim = false;
        return Promise.reject(new Error('connection reset'));
      },
    };
    const w = createWorker({
      queue: flaky,
      logger,
      pollMs: 10,
      handlers: {
        build: {
          run: () => Promise.reject('not an Error'),
          onGiveUp: () => Promise.reject(new Error('bots table gone')),
        },
      },
    });
    workers.push(w);
    await queue.enqueue('build', {}, { id: 'j1', maxAttempts: 1 });
    w.start();
    await waitFor(async () => (await statusOf('j1')) === 'failed', { what: 'the job to fail' });
    expect(await queue.get('j1')).toMatchObject({ last_error: 'not an Error' });
    const messages = logger.lines.map((l) => l.msg);
    expect(messages).toContain('Job claim failed; will poll again');
    expect(messages).toContain('Job onGiveUp failed');
  });

  it('resumes a job whose worker died, once its lease expires', async () => {
    await queue.enqueue('build', { botId: 'b1' }, { id: 'j1' });
    // Worker A claims the job, then its process is killed: no heartbeat, no completion.
    const orphan = await queue.claim('A', ['build'], 50);
    expect(orphan).toMatchObject({ id: 'j1', lease_owner: 'A' });

    const ranBy: string[] = [];
    const b = worker(
      { build: { run: async (_p, ctx) => void ranBy.push(`${ctx.job.lease_owner}#${ctx.attempt}`) } },
      { owner: 'B' },
    );
    b.start();
    await waitFor(async () => (await statusOf('j1')) === 'done', { what: 'B to finish the job' });
    expect(ranBy).toEqual(['B#2']);
    expect(await queue.get('j1')).toMatchObject({ attempts: 2, lease_owner: null });
  });

  it('gives up on a job that was interrupted on every attempt, without running it again', async () => {
    const run = vi.fn(async () => {});
    const onGiveUp = vi.fn(async (_payload: unknown, _error: unknown) => {});
    await queue.enqueue('build', { botId: 'b1' }, { id: 'j1', maxAttempts: 2 });
    for (const owner of ['A', 'B']) {
      expect(await queue.claim(owner, ['build'], 60_000)).not.toBeNull();
      await database.db.updateTable('jobs').set({ lease_until: PAST }).execute(); // it crashed
    }
    await worker({ build: { run, onGiveUp } }).drain();
    expect(run).not.toHaveBeenCalled();
    expect(onGiveUp).toHaveBeenCalledTimes(1);
    expect(onGiveUp.mock.calls[0]?.[0]).toEqual({ botId: 'b1' });
    expect(await queue.get('j1')).toMatchObject({
      status: 'failed',
      last_error: 'Interrupted 2 times without finishing',
    });
  });

  it('keeps a long job leased with heartbeats, so no one else can claim it', async () => {
    const leaseMs = 400;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const runs = vi.fn(() => released);
    const a = worker({ build: { run: runs } }, { owner: 'A', leaseMs });
    await queue.enqueue('build', {}, { id: 'j1' });
    a.start();
    const claimed = await waitFor(async () => (await queue.get('j1'))?.lease_until, { what: 'the claim' });

    // Poll as a rival until the job has outlived several leases, noting every renewed lease_until.
    const leases = new Set([claimed]);
    const stolen: unknown[] = [];
    const startedAt = Date.now();
    await waitFor(
      async () => {
        const rival = await queue.claim('B', ['build'], leaseMs);
        if (rival) stolen.push(rival);
        leases.add((await queue.get('j1'))!.lease_until!);
        return Date.now() - startedAt > 4 * leaseMs && leases.size >= 4;
      },
      { what: 'several heartbeats' },
    );
    release();
    await waitFor(async () => (await statusOf('j1')) === 'done', { what: 'the job to finish' });
    expect(stolen).toEqual([]);
    expect(runs).toHaveBeenCalledTimes(1);
    expect(await queue.get('j1')).toMatchObject({ attempts: 1 });
  });

  it('aborts the handler when its lease is lost, and leaves the job to the new owner', async () => {
    let signal: AbortSignal | undefined;
    let heartbeatError: unknown;
    const a = worker(
      {
        build: {
          async run(_payload, ctx) {
            signal = ctx.signal;
            await new Promise((resolve) => ctx.signal.addEventListener('abort', resolve));
            heartbeatError = await ctx.heartbeat().catch((error: unknown) => error);
            throw new Error('aborted');
          },
        },
      },
      { owner: 'A', leaseMs: 90 },
    );
    await queue.enqueue('build', {}, { id: 'j1' });
    a.start();
    await waitFor(() => signal, { what: 'the handler to start' });

    // Another process takes the job over (as if A had stalled past its lease).
    await database.db.updateTable('jobs').set({ lease_until: PAST }).execute();
    expect(await queue.claim('B', ['build'], 60_000)).toMatchObject({ lease_owner: 'B', attempts: 2 });

    await waitFor(() => signal?.aborted, { what: 'the abort' });
    expect(signal?.reason).toBeInstanceOf(LeaseLostError);
    await a.stop();
    expect(heartbeatError).toBeInstanceOf(LeaseLostError);
    expect(await queue.get('j1')).toMatchObject({
      status: 'running',
      lease_owner: 'B',
      attempts: 2,
      last_error: null,
    });
  });

  it('stop() waits for a running job to finish', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let started = false;
    const w = worker({ build: { run: () => ((started = true), released) } });
    await queue.enqueue('build', {}, { id: 'j1' });
    w.start();
    await waitFor(() => started, { what: 'the handler to start' });
    let stopped = false;
    const stopping = w.stop(30_000).then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(await statusOf('j1')).toBe('done');
  });

  it('stop() abandons a job past its timeout, leaving it to be resumed', async () => {
    let signal: AbortSignal | undefined;
    const w = worker({
      build: {
        async run(_payload, ctx) {
          await new Promise((resolve) => ctx.signal.addEventListener('abort', resolve));
          signal = ctx.signal;
        },
      },
    });
    await queue.enqueue('build', {}, { id: 'j1' });
    w.start();
    await waitFor(async () => (await statusOf('j1')) === 'running', { what: 'the claim' });
    await w.stop(10);
    await waitFor(() => signal?.aborted, { what: 'the abort' });
    expect(await queue.get('j1')).toMatchObject({ status: 'running', attempts: 1 });
  });
});
