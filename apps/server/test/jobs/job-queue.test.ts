import { exponentialBackoff, jobQueue, type JobQueue, type JobRow } from '../../src/jobs/job-queue.js';
import { testDatabases, type TestDatabase } from '../support/databases.js';
import { PAST } from './support.js';

const MINUTE = 60_000;

describe('exponentialBackoff', () => {
  it('doubles from the base and stops at the cap', () => {
    const delay = exponentialBackoff(1_000, 10_000);
    expect([1, 2, 3, 4, 5, 6].map(delay)).toEqual([1_000, 2_000, 4_000, 8_000, 10_000, 10_000]);
    expect(exponentialBackoff()(1)).toBe(2_000);
  });
});

describe.each(testDatabases())('jobQueue on $name', (factory) => {
  let database: TestDatabase;
  let queue: JobQueue;
  beforeEach(async () => {
    database = await factory.open();
    // Retries a minute apart: a re-queued job is never due again by accident during a test.
    queue = jobQueue(database.db, database.dialect, { retryDelayMs: exponentialBackoff(MINUTE) });
  });
  afterEach(() => database.close());

  const expireLease = (id: string) =>
    database.db.updateTable('jobs').set({ lease_until: PAST }).where('id', '=', id).execute();

  it('removes jobs finished before a time, and keeps queued and running ones whatever their age', async () => {
    for (const id of ['done-old', 'failed-old', 'done-new', 'queued-old', 'running-old'])
      await queue.enqueue('build', {}, { id });
    const old = new Date(Date.now() - 60 * MINUTE).toISOString();
    const status = {
      'done-old': 'done',
      'failed-old': 'failed',
      'queued-old': 'queued',
      'running-old': 'running',
    };
    for (const [id, s] of Object.entries(status))
      await database.db
        .updateTable('jobs')
        .set({ status: s as JobRow['status'], updated_at: old })
        .where('id', '=', id)
        .execute();
    await database.db.updateTable('jobs').set({ status: 'done' }).where('id', '=', 'done-new').execute();

    expect(await queue.removeFinished(new Date(Date.now() - 30 * MINUTE))).toBe(2);
    const left = await database.db.selectFrom('jobs').select('id').orderBy('id').execute();
    expect(left.map((row) => row.id)).toEqual(['done-new', 'queued-old', 'running-old']);
  });

  it('enqueues a queued job with its JSON payload, due now', async () => {
    const before = new Date().toISOString();
    const job = await queue.enqueue('build', { botId: 'b1', n: [1, 2] }, { id: 'job-1', maxAttempts: 3 });
    expect(job).toMatchObject({ id: 'job-1', kind: 'build', status: 'queued', attempts: 0, max_attempts: 3 });
    expect(JSON.parse(job.payload)).toEqual({ botId: 'b1', n: [1, 2] });
    expect(job.run_after >= before).toBe(true);
    expect(await queue.get('job-1')).toEqual(job);
    expect(await queue.get('nope')).toBeUndefined();
    expect((await queue.enqueue('build', null)).max_attempts).toBe(5);
  });

  it('claims the oldest due job of the given kinds, with a lease, counting the attempt', async () => {
    await queue.enqueue('other', {}, { id: 'other' });
    await queue.enqueue('build', {}, { id: 'later', runAfter: new Date(Date.now() + MINUTE) });
    await queue.enqueue('build', {}, { id: 'first', runAfter: new Date(Date.now() - 2_000) });
    await queue.enqueue('build', {}, { id: 'second', runAfter: new Date(Date.now() - 1_000) });

    const claimed = await queue.claim('A', ['build'], MINUTE);
    expect(claimed).toMatchObject({ id: 'first', status: 'running', attempts: 1, lease_owner: 'A' });
    expect(Date.parse(claimed!.lease_until!) - Date.parse(claimed!.updated_at)).toBe(MINUTE);
    expect((await queue.claim('B', ['build'], MINUTE))?.id).toBe('second');
    expect(await queue.claim('C', ['build'], MINUTE)).toBeNull(); // 'later' is not due, 'first' is leased
    expect(await queue.claim('C', [], MINUTE)).toBeNull();
    expect((await queue.claim('C', ['build', 'other'], MINUTE))?.id).toBe('other');
  });

  it('schedules a job by its id, each call moving it later, and fences out a claim running meanwhile', async () => {
    const soon = new Date(Date.now() - 1_000);
    await queue.schedule('quiet', { n: 1 }, 'q-1', soon);
    const running = (await queue.claim('A', ['quiet'], MINUTE))!;
    expect(running).toMatchObject({ id: 'q-1', attempts: 1 });

    const later = new Date(Date.now() + MINUTE);
    await queue.schedule('quiet', { n: 2 }, 'q-1', later);
    expect(await queue.get('q-1')).toMatchObject({
      status: 'queued',
      attempts: 0,
      run_after: later.toISOString(),
      payload: JSON.stringify({ n: 2 }),
    });
    // The claim that ran meanwhile cannot mark the moved job done.
    expect(await queue.complete(running, 'A')).toBe(false);
    expect(await queue.claim('B', ['quiet'], MINUTE)).toBeNull();
  });

  it('gives a job whose lease expired to the next claimer, and fences the old owner out', async () => {
    await queue.enqueue('build', {}, { id: 'j' });
    const first = (await queue.claim('A', ['build'], MINUTE))!;
    expect(await queue.claim('B', ['build'], MINUTE)).toBeNull();

    await expireLease('j'); // A died: nobody renews its lease
    const second = (await queue.claim('B', ['build'], MINUTE))!;
    expect(second).toMatchObject({ id: 'j', attempts: 2, lease_owner: 'B' });

    expect(await queue.heartbeat(first, 'A', MINUTE)).toBe(false);
    expect(await queue.complete(first, 'A')).toBe(false);
    expect(await queue.fail(first, 'A', new Error('late'))).toBe('lost');
    // Even the same owner name cannot act on an older claim of the job (attempts is the fence).
    await expireLease('j');
    const third = (await queue.claim('B', ['build'], MINUTE))!;
    expect(await queue.complete(second, 'B')).toBe(false);
    expect(await queue.heartbeat(third, 'B', 2 * MINUTE)).toBe(true);
    expect(await queue.complete(third, 'B')).toBe(true);
    expect(await queue.get('j')).toMatchObject({
      status: 'done',
      attempts: 3,
      lease_owner: null,
      lease_until: null,
    });
    expect(await queue.claim('C', ['build'], MINUTE)).toBeNull();
  });

  it('extends a lease on heartbeat', async () => {
    await queue.enqueue('build', {}, { id: 'j' });
    const job = (await queue.claim('A', ['build'], 1_000))!;
    expect(await queue.heartbeat(job, 'A', 10 * MINUTE)).toBe(true);
    const row = (await queue.get('j'))!;
    expect(Date.parse(row.lease_until!) - Date.parse(row.updated_at)).toBe(10 * MINUTE);
    expect(await queue.heartbeat(job, 'B', MINUTE)).toBe(false);
  });

  it('re-queues a failed job with exponential backoff, then fails it after max_attempts', async () => {
    await queue.enqueue('build', {}, { id: 'j', maxAttempts: 3 });
    const makeDue = () =>
      database.db.updateTable('jobs').set({ run_after: PAST }).where('id', '=', 'j').execute();

    for (const [attempt, delay] of [
      [1, MINUTE],
      [2, 2 * MINUTE],
    ] as const) {
      const job = (await queue.claim('A', ['build'], MINUTE))!;
      expect(job.attempts).toBe(attempt);
      expect(await queue.fail(job, 'A', new Error(`boom ${attempt}`))).toBe('retrying');
      const row = (await queue.get('j'))!;
      expect(row).toMatchObject({ status: 'queued', lease_owner: null, last_error: `boom ${attempt}` });
      expect(Date.parse(row.run_after) - Date.parse(row.updated_at)).toBe(delay);
      expect(await queue.claim('A', ['build'], MINUTE)).toBeNull(); // backing off
      await makeDue();
    }
    const last = (await queue.claim('A', ['build'], MINUTE))!;
    expect(await queue.fail(last, 'A', 'a string')).toBe('failed');
    expect(await queue.get('j')).toMatchObject({ status: 'failed', attempts: 3, last_error: 'a string' });
    await makeDue();
    expect(await queue.claim('A', ['build'], MINUTE)).toBeNull();
  });

  it('fails at once when told to give up, keeping a bounded error text', async () => {
    await queue.enqueue('build', {}, { id: 'j' });
    const job = (await queue.claim('A', ['build'], MINUTE))!;
    expect(await queue.fail(job, 'A', new Error('x'.repeat(5_000)), { giveUp: true })).toBe('failed');
    const row = (await queue.get('j'))!;
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row.last_error).toHaveLength(2_000);
  });

  it('writes the job in the caller transaction: a rollback leaves no job, a commit keeps it', async () => {
    await expect(
      database.db.transaction().execute(async (trx) => {
        await queue.enqueue('build', { botId: 'b1' }, { id: 'rolled-back', trx });
        expect(await trx.selectFrom('jobs').select('id').execute()).toHaveLength(1);
        throw new Error('the bot insert failed');
      }),
    ).rejects.toThrow('the bot insert failed');
    expect(await database.db.selectFrom('jobs').selectAll().execute()).toEqual([]);

    await database.db.transaction().execute((trx) => queue.enqueue('build', {}, { id: 'committed', trx }));
    expect((await queue.get('committed'))?.status).toBe('queued');
  });
});
