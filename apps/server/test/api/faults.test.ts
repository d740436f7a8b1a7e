import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { API } from '@vuxo/shared';
import { createDatabase, type DatabaseHandle } from '../../src/db/database.js';
import { serverProcess } from '../support/server-process.js';
import { TEST_BOT_CHOICES, testWorld } from '../support/test-app.js';
import { waitFor } from '../support/wizard-flow.js';
import { startFakeModel, type FakeModelServer } from '../engine/answer/chat-fixtures.js';
import { BOT_STATUS } from '@vuxo/testkit';

/** The server in its own process on SQLite, killed or stopped while it works, then started again. */
describe('faults: a server stopped or killed while it answers', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vuxo-faults-'));
  let model: FakeModelServer;
  let server: ReturnType<typeof serverProcess>;
  let database: DatabaseHandle;
  let shareId = '';
  const visitorAddress = () =>
    `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${(randomBytes(1)[0]! % 254) + 1}`;
  const chat = (message: string) =>
    fetch(`${server.base}${API.chat}`, {
      method: 'POST',
      // Visitors from many addresses behind one proxy, so no per-address limit stands in the way.
      headers: { 'content-type': 'application/json', 'x-forwarded-for': visitorAddress() },
      body: JSON.stringify({ botConfigId: shareId, message }),
    });

  beforeAll(async () => {
    model = await startFakeModel();
    server = serverProcess(dataDir, {
      TRUST_PROXY: '1',
      LLM_BASE_URL: model.baseUrl,
      LLM_API_KEY: 'test-key',
      LLM_MODEL: 'test-model',
    });
    await server.start();
    database = createDatabase({ dataDir });
    const owner = await testWorld(server.base).owner({
      name: 'Fay Faults',
      email: `fay-${Date.now()}@example.com`,
    });
    ({ shareId } = await owner.readyBot({ config: TEST_BOT_CHOICES }));
  }, 120_000);

  afterAll(async () => {
    await server.kill();
    await database?.close();
    await model?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('SIGTERM lets the answers in flight finish, then the server exits cleanly', async () => {
    model.behave({ kind: 'slow', delayMs: 1_500, text: 'We are open from 9am.' });
    const inFlight = Promise.all([chat('When do you open?'), chat('When do you open on Monday?')]);
    await waitFor(
      async () => model.calls.length,
      (calls) => calls >= 2,
    );
    const exited = server.terminate();
    const replies = await inFlight;
    for (const reply of replies) {
      expect(reply.status).toBe(200);
      expect(((await reply.json()) as { reply: string }).reply).toContain('We are open from 9am.');
    }
    // Gone at once after its last answer, not when its keep-alive connections time out.
    const answeredAt = Date.now();
    expect(await exited).toBe(0);
    expect(Date.now() - answeredAt).toBeLessThan(5_000);
    model.behave({ kind: 'answer', text: 'OK' });
    await server.start();
  }, 90_000);

  it('SIGKILL in a burst of chats: every answered message is counted once, the database intact', async () => {
    model.behave({ kind: 'slow', delayMs: 50, text: 'Open from 9am.' });
    const visitorCounts = () =>
      database.db
        .selectFrom('chat_usage')
        .select((eb) => [eb.fn.countAll<number>().as('visitors'), eb.fn.max('count').as('most')])
        .where('visitor_id', 'like', 'v:%')
        .executeTakeFirstOrThrow();
    const before = Number((await visitorCounts()).visitors);
    let answered = 0;
    let sent = 0;
    const burst = async () => {
      for (;;) {
        sent += 1;
        const reply = await chat(`When do you open? (${sent})`).catch(() => null);
        if (!reply) return;
        if (reply.status === 200) answered += 1;
        else return;
      }
    };
    const senders = Array.from({ length: 20 }, burst);
    await waitFor(
      async () => answered,
      (count) => count >= 60,
    );
    await server.kill();
    await Promise.all(senders);

    await server.start();
    // Each message counts once against its (new) visitor: answered ones are all there, none twice.
    const counted = await visitorCounts();
    expect(Number(counted.visitors) - before).toBeGreaterThanOrEqual(answered);
    expect(Number(counted.visitors) - before).toBeLessThanOrEqual(sent);
    expect(Number(counted.most)).toBe(1);
    const { rows } = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(database.db);
    expect(rows).toEqual([{ integrity_check: 'ok' }]);
    const stuck = await database.db
      .selectFrom('bots')
      .select('status')
      .where('status', '!=', BOT_STATUS.ready)
      .execute();
    expect(stuck).toEqual([]);
    expect((await chat('When do you open?')).status).toBe(200);
  }, 90_000);
});
