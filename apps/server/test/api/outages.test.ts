import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { API, API_MSG } from '@vuxo/shared';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createDatabase, type DatabaseHandle } from '../../src/db/database.js';
import { firebaseIdentity } from '../../src/adapters/identity/firebase-identity.js';
import { testDatabases, type TestDatabase } from '../support/databases.js';
import { TEST_PROJECT_ID } from '../support/global-setup.js';
import { tcpProxy } from '../support/tcp-proxy.js';
import { waitFor } from '../support/wizard-flow.js';

const postgres = testDatabases().find((factory) => factory.name === 'postgres');
const redisUrl = process.env.TEST_REDIS_URL;

/**
 * PostgreSQL or Redis away for a moment, under requests: each request fails fast with a clear 503, the server
 * stays up, and it serves again by itself once the store is back. The app reaches both through a TCP proxy
 * the test cuts, as a stopped server or a broken network looks from the app.
 */
describe.runIf(postgres && redisUrl)('a store away for a moment', () => {
  let direct: TestDatabase;
  let proxied: DatabaseHandle;
  let app: FastifyInstance;
  let identity: ReturnType<typeof firebaseIdentity>;
  let pgProxy: Awaited<ReturnType<typeof tcpProxy>>;
  let redisProxy: Awaited<ReturnType<typeof tcpProxy>>;
  let contactAddress = 0;

  beforeAll(async () => {
    direct = await postgres!.open();
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(direct.db);
    const pgUrl = new URL(process.env.TEST_DATABASE_URL!);
    const redis = new URL(redisUrl!);
    pgProxy = await tcpProxy({ host: pgUrl.hostname, port: Number(pgUrl.port || 5432) });
    redisProxy = await tcpProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
    pgUrl.port = String(pgProxy.port);
    proxied = createDatabase({
      databaseUrl: pgUrl.toString(),
      dataDir: direct.dataDir,
      searchPath: rows[0]!.schema,
    });
    const emulatorHost = inject('authEmulatorHost');
    const config = loadConfig({
      DATA_DIR: direct.dataDir,
      LOG_LEVEL: 'silent',
      FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
      SITE_CHAT: 'off',
      REDIS_URL: `redis://127.0.0.1:${redisProxy.port}`,
      REDIS_KEY_PREFIX: `test-${randomBytes(6).toString('hex')}:`,
    });
    identity = firebaseIdentity({ projectId: config.firebase.projectId, emulatorHost });
    app = await buildApp({ config, database: proxied, identity, webDist: null, runJobs: false });
  });

  afterAll(async () => {
    pgProxy?.restore();
    redisProxy?.restore();
    await app?.close();
    await identity?.close();
    await proxied?.close();
    await direct?.close();
    await pgProxy?.close();
    await redisProxy?.close();
  });

  const botInfo = () => app.inject({ method: 'GET', url: `${API.publicBotInfo}?shareId=no-such-bot` });
  const contact = () =>
    app.inject({
      method: 'POST',
      url: API.contactMessages,
      remoteAddress: `10.77.0.${++contactAddress}`,
      payload: {
        name: 'Olga Outage',
        email: 'olga@example.com',
        message: 'Are you there during the outage?',
      },
    });

  it('PostgreSQL away: 503 at once, the server alive, and back by itself', async () => {
    expect((await botInfo()).statusCode).toBe(404);
    pgProxy.cut();
    const started = Date.now();
    const replies = await Promise.all(Array.from({ length: 20 }, () => botInfo()));
    expect(Date.now() - started).toBeLessThan(8_000);
    for (const reply of replies) {
      expect(reply.statusCode).toBe(503);
      expect(reply.json()).toEqual({ error: API_MSG.unavailable });
      expect(reply.headers['retry-after']).toBe('5');
    }
    expect((await app.inject({ method: 'GET', url: API.health })).statusCode).toBe(200);

    pgProxy.restore();
    await waitFor(botInfo, (reply) => reply.statusCode === 404, 15_000);
  });

  it('Redis away: 503 at once, and back by itself when it returns', async () => {
    expect((await contact()).statusCode).toBe(200);
    redisProxy.cut();
    const started = Date.now();
    const replies = await Promise.all(Array.from({ length: 10 }, () => contact()));
    expect(Date.now() - started).toBeLessThan(5_000);
    for (const reply of replies) {
      expect(reply.statusCode).toBe(503);
      expect(reply.json()).toEqual({ error: API_MSG.unavailable });
    }
    // Nothing was written for a refused message.
    const stored = await direct.db.selectFrom('contact_messages').selectAll().execute();
    expect(stored).toHaveLength(1);

    redisProxy.restore();
    await waitFor(contact, (reply) => reply.statusCode === 200, 15_000);
  });
});
