import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { API_MSG } from '@vuxo/shared';
import { chatLoad, type Visitor } from '../support/chat-load.js';
import { testDatabases, type TestDatabase } from '../support/databases.js';
import { serverProcess } from '../support/server-process.js';
import { tcpProxy } from '../support/tcp-proxy.js';
import { TEST_BOT_CHOICES, testWorld } from '../support/test-app.js';
import { waitFor } from '../support/wizard-flow.js';
import { BOT_STATUS } from '@vuxo/testkit';

const postgres = testDatabases().find((factory) => factory.name === 'postgres');
const redisUrl = process.env.TEST_REDIS_URL;

/** PostgreSQL's pool gives up on a connection after 3 s (db/database.ts): a 503 must come well before. */
const FAST_MS = 2_000;
/** How long a store stays away. */
const OUTAGE_MS = 1_500;

/**
 * The scaled setup under real load: one server started with WORKERS=2 (a primary and two worker processes on
 * one port) on PostgreSQL and Redis, each reached through a TCP proxy the test can cut, and many visitors
 * chatting at once. A worker is SIGKILLed mid-load, then PostgreSQL and then Redis go away for a moment:
 * each time the service keeps answering, refuses clearly (a 503, never a 500 or a hang) only while a store
 * is away, recovers by itself, and counts every visitor's messages exactly (nothing lost, nothing twice).
 * Runs where TEST_DATABASE_URL and TEST_REDIS_URL are set (.ci/run sets both).
 */
describe.runIf(postgres && redisUrl)('faults in the scaled setup (WORKERS=2, PostgreSQL, Redis)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vuxo-faults-scaled-'));
  const prefix = `test-${randomBytes(6).toString('hex')}:`;
  let database: TestDatabase;
  let server: ReturnType<typeof serverProcess>;
  let pgProxy: Awaited<ReturnType<typeof tcpProxy>>;
  let redisProxy: Awaited<ReturnType<typeof tcpProxy>>;
  /** Redis itself, not through the proxy: to read the counts the servers wrote. */
  let redis: Redis;
  let botId = '';
  /** Every visitor of every test here chats with the one bot: its counts in Redis are theirs. */
  let load: ReturnType<typeof chatLoad>;

  beforeAll(async () => {
    database = await postgres!.open({ migrate: false });
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db);
    const pgUrl = new URL(process.env.TEST_DATABASE_URL!);
    const redisAt = new URL(redisUrl!);
    pgProxy = await tcpProxy({ host: pgUrl.hostname, port: Number(pgUrl.port || 5432) });
    redisProxy = await tcpProxy({ host: redisAt.hostname, port: Number(redisAt.port || 6379) });
    pgUrl.port = String(pgProxy.port);
    pgUrl.searchParams.set('options', `-c search_path=${rows[0]!.schema}`);
    redisAt.port = String(redisProxy.port);
    redis = new Redis(redisUrl!);
    server = serverProcess(dataDir, {
      WORKERS: '2',
      DATABASE_URL: pgUrl.toString(),
      REDIS_URL: redisAt.toString(),
      REDIS_KEY_PREFIX: prefix,
      // Visitors come from many addresses through one proxy, as behind a load balancer.
      TRUST_PROXY: '1',
    });
    await server.start();
    await waitFor(
      async () => server.workers(),
      (pids) => pids.length === 2,
    );

    const owner = await testWorld(server.base).owner({
      name: 'Fern Faults',
      email: `fern-${Date.now()}@example.com`,
    });
    const bot = await owner.readyBot({ config: TEST_BOT_CHOICES });
    botId = bot.botId;
    load = chatLoad({ base: server.base, shareId: bot.shareId });
  }, 120_000);

  afterAll(async () => {
    pgProxy?.restore();
    redisProxy?.restore();
    await server?.kill();
    if (redis) {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    }
    await pgProxy?.close();
    await redisProxy?.close();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /**
   * The day's counts in Redis, against what the visitors saw: each visitor's own count (its `v:` key) is at
   * least the messages answered and at most one more (a last message that failed in flight may have been
   * counted); summed, every kind of key (`v:` visitor id, `a:` address, `n:` network) the same.
   */
  async function countsAgainstRedis() {
    const keys = await redis.keys(`${prefix}usage:{${botId}}:*`);
    const values = keys.length > 0 ? await redis.mget(...keys) : [];
    const counts = new Map<string, number>();
    const totals = { v: 0, n: 0 } as Record<string, number>;
    keys.forEach((key, i) => {
      // prefix usage:{botId}:YYYY-MM-DD:v:random
      const visitorKey = key.slice(`${prefix}usage:{${botId}}:`.length).replace(/^[^:]*:/, '');
      const count = Number(values[i] ?? 0);
      counts.set(visitorKey, (counts.get(visitorKey) ?? 0) + count);
      const kind = visitorKey.split(':')[0]!;
      totals[kind] = (totals[kind] ?? 0) + count;
    });
    const off = load.visitors
      .filter((visitor) => visitor.id)
      .map((visitor) => ({
        address: visitor.address,
        answered: visitor.acked.length,
        failed: visitor.failed,
        counted: counts.get(`v:${visitor.id!.split('.')[0]}`) ?? 0,
      }))
      .filter((v) => v.counted < v.answered || v.counted > v.answered + (v.failed ? 1 : 0));
    const answered = load.visitors.reduce((sum, visitor) => sum + visitor.acked.length, 0);
    const failed = load.visitors.filter((visitor) => visitor.failed).length;
    return { off, answered, failed, totals };
  }

  async function expectCountsExact(among: Visitor[]) {
    expect(load.miscounted(among)).toEqual([]);
    const { off, answered, failed, totals } = await countsAgainstRedis();
    expect(off).toEqual([]);
    // Each message counts once on the visitor's own key and once on their network's (decision 034).
    for (const kind of ['v', 'n']) {
      expect(totals[kind], `${kind}: keys`).toBeGreaterThanOrEqual(answered);
      expect(totals[kind], `${kind}: keys`).toBeLessThanOrEqual(answered + failed);
    }
    // Counted in Redis only, never also in the database.
    expect(await database.db.selectFrom('chat_usage').selectAll().execute()).toEqual([]);
  }

  it('SIGKILL of a worker mid-load: the primary replaces it, only its requests in flight fail, counts exact', async () => {
    const first = load.visitors.length;
    const [victim, survivor] = server.workers() as [number, number];
    let killedAt = 0;
    let replacement = 0;
    let servingAt = 0;
    const attempts = await load.underLoad(async (attempts) => {
      const started = Date.now();
      await waitFor(
        async () => load.answeredSince(attempts, started),
        (answered) => answered >= 150,
      );
      killedAt = Date.now();
      process.kill(victim, 'SIGKILL');
      const pids = await waitFor(
        async () => server.workers(),
        (pids) => pids.length === 2 && !pids.includes(victim),
      );
      replacement = pids.find((pid) => pid !== survivor)!;
      // The replacement starts (it runs the whole server's start-up) and takes its share of new visitors.
      await waitFor(
        async () => server.clientConnections(replacement),
        (connections) => connections > 0,
        60_000,
      );
      servingAt = Date.now();
      await waitFor(
        async () => load.answeredSince(attempts, servingAt),
        (answered) => answered >= 150,
      );
    });

    // The primary replaced the killed worker; the other one was never restarted.
    expect(server.workers().sort(), server.stderr()).toEqual([survivor, replacement].sort());
    expect(server.stderr()).toContain(`Server process ${victim} stopped (SIGKILL); starting another.`);
    // Answers went on after the kill, before and after the replacement served.
    expect(load.answeredSince(attempts, killedAt + 1)).toBeGreaterThanOrEqual(150);
    // No answer but a 200: no 5xx, no 429 (no visitor was ever counted past the day's limit).
    const answers = attempts.filter((attempt) => attempt.status !== null);
    expect(answers.filter((attempt) => attempt.status !== 200).map((a) => [a.status, a.body])).toEqual([]);
    // What failed is the killed worker's connections, at the kill: reset, no hang, nothing before or later. On a
    // fast machine the victim may have had nothing in flight at that instant, and then nothing fails at all.
    const failures = attempts.filter((attempt) => attempt.status === null);
    for (const failure of failures) {
      expect(failure.error).toMatch(/^(ECONNRESET|EPIPE)$/);
      expect(failure.endedAt).toBeGreaterThanOrEqual(killedAt);
      expect(failure.endedAt).toBeLessThan(killedAt + 5_000);
    }
    console.info(
      `SIGKILL: ${attempts.length} messages, ${failures.length} failed at the kill ` +
        `(${[...new Set(failures.map((f) => f.error))].join(', ')}), replacement serving after ` +
        `${servingAt - killedAt} ms`,
    );

    await expectCountsExact(load.visitors.slice(first));
    // No bot left half-built, no job left running by the killed worker.
    expect(await database.db.selectFrom('bots').select('status').execute()).toEqual([
      { status: BOT_STATUS.ready },
    ]);
    expect(
      await database.db
        .selectFrom('jobs')
        .select(['kind', 'status'])
        .where('status', '=', 'running')
        .execute(),
    ).toEqual([]);
  }, 120_000);

  /**
   * A store away for OUTAGE_MS under load: requests then get a quick 503 with Retry-After and the product's
   * message (never a 500, a hang or a dropped connection), only from the cut on, and once the store is back
   * every request is a 200 again within seconds, by the same processes (no restart).
   */
  async function storeAway(proxy: Awaited<ReturnType<typeof tcpProxy>>, name: string) {
    const first = load.visitors.length;
    const workers = server.workers().sort();
    expect(workers).toHaveLength(2);
    let cutAt = 0;
    let restoredAt = 0;
    const attempts = await load.underLoad(async (attempts) => {
      const started = Date.now();
      await waitFor(
        async () => load.answeredSince(attempts, started),
        (answered) => answered >= 100,
      );
      cutAt = Date.now();
      proxy.cut();
      await sleep(OUTAGE_MS);
      proxy.restore();
      restoredAt = Date.now();
      // Until every message has been answered with a 200 for a second and a half.
      await waitFor(
        async () => {
          const lastRefused = Math.max(
            restoredAt,
            ...attempts.filter((attempt) => attempt.status !== 200).map((attempt) => attempt.endedAt),
          );
          return Date.now() - lastRefused > 1_500 && load.answeredSince(attempts, lastRefused) >= 50;
        },
        (recovered) => recovered,
        20_000,
      );
    });

    // No dropped connection, no hang: every message got an answer, a 200 or a 503.
    const dropped = attempts.filter((attempt) => attempt.status === null).map((a) => a.error);
    expect(dropped, server.stderr()).toEqual([]);
    expect(new Set(attempts.map((attempt) => attempt.status))).toEqual(new Set([200, 503]));
    const refused = attempts.filter((attempt) => attempt.status === 503);
    for (const reply of refused) {
      expect(reply.body).toEqual({ error: API_MSG.unavailable });
      expect(reply.retryAfter).toBe('5');
      // Fast: not a pool or command timeout waited out.
      expect(reply.endedAt - reply.startedAt).toBeLessThan(FAST_MS);
      // Only while the store was away (and the moment its clients take to reconnect).
      expect(reply.endedAt).toBeGreaterThanOrEqual(cutAt);
      expect(reply.startedAt).toBeLessThan(restoredAt + 5_000);
    }
    const slowest = Math.max(...attempts.map((attempt) => attempt.endedAt - attempt.startedAt));
    expect(slowest).toBeLessThan(3_000);
    const lastRefused = Math.max(...refused.map((reply) => reply.endedAt));
    console.info(
      `${name} away ${OUTAGE_MS} ms: ${attempts.length} messages, ${refused.length} refused (503), ` +
        `slowest ${slowest} ms, all 200 again ${Math.max(0, lastRefused - restoredAt)} ms after it returned`,
    );
    // Back by itself, in the same processes: nothing restarted or crashed.
    expect(server.workers().sort(), server.stderr()).toEqual(workers);
    await expectCountsExact(load.visitors.slice(first));
  }

  it('PostgreSQL away under load: quick 503s, then every request a 200 again by itself', async () => {
    await storeAway(pgProxy, 'PostgreSQL');
  }, 60_000);

  it('Redis away under load: quick 503s, then every request a 200 again by itself', async () => {
    await storeAway(redisProxy, 'Redis');
  }, 60_000);
});
