import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { inject } from 'vitest';
import { API, MESSAGES_PER_DAY, VISITOR_ID_HEADER } from '@vuxo/shared';
import { signInOnEmulator } from '../support/emulator-users.js';
import { testDatabases, type TestDatabase } from '../support/databases.js';
import { multipart, newSessionId } from '../support/multipart.js';
import { serverProcess } from '../support/server-process.js';
import { botConfig, HANDBOOK_TEXT, waitFor } from '../support/wizard-flow.js';
import { BOT_STATUS, buildEnded } from '@vuxo/testkit';

const postgres = testDatabases().find((factory) => factory.name === 'postgres');
const redisUrl = process.env.TEST_REDIS_URL;

/**
 * Two server processes on one PostgreSQL and one Redis, as the scaled setup runs them: whichever process a
 * request reaches, the same limits, counts, uploads and jobs apply. Runs where TEST_DATABASE_URL and
 * TEST_REDIS_URL are set (.ci/run sets both).
 */
describe.runIf(postgres && redisUrl)('two server processes on PostgreSQL and Redis', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vuxo-scaled-'));
  let database: TestDatabase;
  let servers: ReturnType<typeof serverProcess>[] = [];
  const prefix = `test-${randomBytes(6).toString('hex')}:`;
  /** The keys the servers wrote to Redis under this test's prefix. */
  async function redisKeys(pattern: string): Promise<string[]> {
    const redis = new Redis(redisUrl!);
    try {
      return await redis.keys(`${prefix}${pattern}`);
    } finally {
      redis.disconnect();
    }
  }

  beforeAll(async () => {
    database = await postgres!.open({ migrate: false });
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.searchParams.set('options', `-c search_path=${rows[0]!.schema}`);
    const env = { DATABASE_URL: url.toString(), REDIS_URL: redisUrl!, REDIS_KEY_PREFIX: prefix };
    servers = [serverProcess(dataDir, env), serverProcess(dataDir, env)];
    // Both start at once: both run the migrations, which take turns.
    await Promise.all(servers.map((server) => server.start()));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.kill()));
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('an upload to one and a save to the other build one bot, once; its daily limit holds across both', async () => {
    const [a, b] = servers.map((server) => server.base) as [string, string];
    const { idToken } = await signInOnEmulator(inject('authEmulatorHost'), {
      name: 'Sam Scaled',
      email: `sam-${Date.now()}@example.com`,
    });
    const sessionId = newSessionId();
    const body = multipart(
      { sessionId },
      { field: 'file', name: 'handbook.txt', type: 'text/plain', bytes: Buffer.from(HANDBOOK_TEXT) },
    );
    const extracted = await fetch(`${a}${API.extract}`, {
      method: 'POST',
      headers: body.headers,
      body: body.payload,
    });
    expect(extracted.status).toBe(200);
    const { filePath } = (await extracted.json()) as { filePath: string };
    const saved = await fetch(`${b}${API.saveConfig}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${idToken}` },
      body: JSON.stringify(botConfig({ sessionId, filePath })),
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const { botId } = (await saved.json()) as { botId: string };
    const bot = await waitFor(
      () => database.db.selectFrom('bots').selectAll().where('id', '=', botId).executeTakeFirstOrThrow(),
      (row) => buildEnded(row.status),
    );
    expect(bot.status).toBe(BOT_STATUS.ready);
    const jobs = await database.db.selectFrom('jobs').selectAll().execute();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.attempts).toBe(1);

    // One visitor, their messages spread over both processes: the day's allowance is counted once.
    let visitorId: string | undefined;
    const statuses: number[] = [];
    for (let i = 0; i < MESSAGES_PER_DAY + 2; i++) {
      const res = await fetch(`${i % 2 ? b : a}${API.chat}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(visitorId ? { [VISITOR_ID_HEADER]: visitorId } : {}),
        },
        body: JSON.stringify({ botConfigId: bot.share_id, message: `What are your opening hours? (${i})` }),
      });
      statuses.push(res.status);
      const reply = (await res.json()) as { visitorId?: string };
      visitorId ??= reply.visitorId;
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(MESSAGES_PER_DAY);
    expect(statuses.slice(MESSAGES_PER_DAY)).toEqual([429, 429]);
    // Counted in Redis, not in each process or the database: the visitor's own key and the network's (decision 034).
    expect((await redisKeys(`usage:{${botId}}:*`)).length).toBeGreaterThanOrEqual(2);
    expect(await database.db.selectFrom('chat_usage').selectAll().execute()).toEqual([]);
  });

  it('a per-address limit counts requests to both processes together', async () => {
    const [a, b] = servers.map((server) => server.base) as [string, string];
    // The contact form takes 5 messages from one address in 10 minutes.
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await fetch(`${i % 2 ? b : a}${API.contactMessages}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Casey Contact',
          email: 'casey@example.com',
          message: `Hello from the scaled test, message ${i}.`,
        }),
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });
});
