import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { inject } from 'vitest';
import { API } from '@vuxo/shared';
import { BOT_STATUS, buildEnded, subscribe } from '@vuxo/testkit';
import { startChangingSite, type ChangingSite } from '../support/changing-site.js';
import { claimsOf, signInOnEmulator } from '../support/emulator-users.js';
import { testDatabases, type TestDatabase } from '../support/databases.js';
import { multipart, newSessionId } from '../support/multipart.js';
import { serverProcess } from '../support/server-process.js';
import { botConfig, HANDBOOK_TEXT, waitFor } from '../support/wizard-flow.js';

const postgres = testDatabases().find((factory) => factory.name === 'postgres');
const redisUrl = process.env.TEST_REDIS_URL;
/** SOURCE_REFRESH_EVERY for the servers: a read every few seconds, so a test sees several periods. */
const PERIOD_S = 3;

/**
 * Scheduled source reads (decision 118) with two server processes on one PostgreSQL, both ticking: each period's
 * read is queued and run once, and the schedule goes on after both are killed and started again. Runs where
 * TEST_DATABASE_URL and TEST_REDIS_URL are set (the stack pass).
 */
describe.runIf(postgres && redisUrl)('scheduled source reads on two server processes', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vuxo-refresh-'));
  let database: TestDatabase;
  let site: ChangingSite;
  let servers: ReturnType<typeof serverProcess>[] = [];

  beforeAll(async () => {
    site = await startChangingSite();
    database = await postgres!.open({ migrate: false });
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.searchParams.set('options', `-c search_path=${rows[0]!.schema}`);
    const env = {
      DATABASE_URL: url.toString(),
      REDIS_URL: redisUrl!,
      REDIS_KEY_PREFIX: `test-${randomBytes(6).toString('hex')}:`,
      SOURCE_REFRESH_EVERY: String(PERIOD_S),
      ALLOW_PRIVATE_URLS: 'on',
    };
    servers = [serverProcess(dataDir, env), serverProcess(dataDir, env)];
    await Promise.all(servers.map((server) => server.start()));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.kill()));
    await database?.close();
    await site?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const readsOf = (sourceId: string) =>
    database.db
      .selectFrom('jobs')
      .select(['id', 'status', 'attempts', 'created_at'])
      .where('id', 'like', `srcread-${sourceId}-%`)
      .orderBy('id')
      .execute();

  it('each period’s read runs once across both, and the schedule goes on after both restart', async () => {
    const [a, b] = servers.map((server) => server.base) as [string, string];
    const { idToken } = await signInOnEmulator(inject('authEmulatorHost'), {
      name: 'Rita Refresh',
      email: `rita-${Date.now()}@example.com`,
    });
    const auth = { 'content-type': 'application/json', authorization: `Bearer ${idToken}` };
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
      headers: auth,
      body: JSON.stringify(botConfig({ sessionId, filePath })),
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const { botId } = (await saved.json()) as { botId: string };
    const bot = await waitFor(
      () => database.db.selectFrom('bots').selectAll().where('id', '=', botId).executeTakeFirstOrThrow(),
      (row) => buildEnded(row.status),
      90_000,
    );
    expect(bot.status).toBe(BOT_STATUS.ready);
    await subscribe(database.db, String(claimsOf(idToken).user_id), 'basic');

    site.set('/hours', {
      title: 'Opening hours',
      body: '<p>Open Saturday 9am to 5pm.</p>',
      validation: 'none',
    });
    const added = await fetch(`${a}${API.addBotSource}`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ botId, url: `${site.origin}/hours`, kind: 'page' }),
    });
    expect(added.status, await added.clone().text()).toBe(200);
    const { id } = (await added.json()) as { id: string };

    // Several periods go by with both processes ticking.
    const done = (rows: Awaited<ReturnType<typeof readsOf>>) => rows.filter((row) => row.status === 'done');
    await waitFor(
      () => readsOf(id),
      (rows) => done(rows).length >= 3,
      60_000,
    );
    await Promise.all(servers.map((server) => server.kill()));
    const reads = await readsOf(id);
    // One job per period (its id names the source and the period), each claimed once.
    expect(new Set(reads.map((row) => row.id)).size).toBe(reads.length);
    for (const row of done(reads)) expect(row.attempts).toBe(1);
    // The page was fetched once when added and once per period's read: never twice for one period.
    const fetched = site.requests.filter((request) => request.path === '/hours').length;
    expect(fetched).toBeGreaterThanOrEqual(1 + done(reads).length);
    expect(fetched).toBeLessThanOrEqual(1 + reads.length);

    // Both down for a while, then up again: the schedule resumes from the database.
    await new Promise((resolve) => setTimeout(resolve, PERIOD_S * 1000));
    const restartedAt = new Date().toISOString();
    await Promise.all(servers.map((server) => server.start()));
    const after = await waitFor(
      () => readsOf(id),
      (rows) => done(rows).some((row) => row.created_at > restartedAt),
      60_000,
    );
    // A read the kill interrupted is resumed on its lease (a second attempt); the new periods' run once.
    for (const row of done(after).filter((row) => row.created_at > restartedAt)) expect(row.attempts).toBe(1);
  }, 240_000);
});
