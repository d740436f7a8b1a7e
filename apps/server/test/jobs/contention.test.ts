import type { DatabaseHandle } from '../../src/db/database.js';
import { jobQueue } from '../../src/jobs/job-queue.js';
import { createWorker, type Worker } from '../../src/jobs/worker.js';
import { testDatabases, type TestDatabase } from '../support/databases.js';
import { memoryLogger, openAnother, waitFor } from './support.js';

const JOBS = 50;
const WORKERS = 4;

describe.each(testDatabases())('workers in contention on $name', (factory) => {
  let database: TestDatabase;
  const others: DatabaseHandle[] = [];
  const workers: Worker[] = [];
  beforeEach(async () => {
    database = await factory.open();
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop(1_000)));
    await Promise.all(others.splice(0).map((h) => h.close()));
    await database.close();
  });

  it('runs each of 50 jobs exactly once across 4 workers with their own connections', async () => {
    // Each worker stands for a server process: its own owner and its own connection (pool).
    for (let i = 1; i < WORKERS; i++) others.push(await openAnother(database));
    const handles: DatabaseHandle[] = [database, ...others];

    const runs = new Map<string, string[]>();
    for (const [i, handle] of handles.entries()) {
      const queue = jobQueue(handle.db, handle.dialect);
      workers.push(
        createWorker({
          queue,
          owner: `worker-${i}`,
          logger: memoryLogger(),
          leaseMs: 30_000, // not under test here: no lease may expire mid-run on a slow machine
          pollMs: 5,
          concurrency: 2,
          handlers: {
            build: {
              async run(_payload, ctx) {
                runs.set(ctx.job.id, [...(runs.get(ctx.job.id) ?? []), `worker-${i}`]);
                await new Promise((resolve) => setTimeout(resolve, Math.random() * 3));
              },
            },
          },
        }),
      );
    }
    const queue = jobQueue(database.db, database.dialect);
    const ids = Array.from({ length: JOBS }, (_, n) => `job-${String(n).padStart(2, '0')}`);
    for (const id of ids) await queue.enqueue('build', { n: id }, { id });

    for (const w of workers) w.start();
    await waitFor(
      async () => {
        const { done } = await database.db
          .selectFrom('jobs')
          .select((eb) => eb.fn.countAll<number>().as('done'))
          .where('status', '=', 'done')
          .executeTakeFirstOrThrow();
        return Number(done) === JOBS;
      },
      { timeoutMs: 30_000, what: 'all jobs to be done' },
    );
    await Promise.all(workers.map((w) => w.stop()));

    expect([...runs.keys()].sort()).toEqual(ids);
    const twice = [...runs].filter(([, by]) => by.length !== 1);
    expect(twice).toEqual([]);
    const rows = await database.db.selectFrom('jobs').select(['status', 'attempts']).distinct().execute();
    expect(rows).toEqual([{ status: 'done', attempts: 1 }]);
  });
});
