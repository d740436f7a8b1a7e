import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { API, LIVE_API, VISITOR_ID_HEADER } from '@vuxo/shared';
import { testDatabases, type TestDatabase } from '../support/databases.js';
import { openLiveEvents } from '../support/live-events.js';
import { serverProcess } from '../support/server-process.js';
import { TEST_BOT_CHOICES, testWorld } from '../support/test-app.js';

const postgres = testDatabases().find((factory) => factory.name === 'postgres');
const redisUrl = process.env.TEST_REDIS_URL;

/**
 * Issue 47 on the scaled setup: two server processes on one PostgreSQL and one Redis; the visitor talks to one,
 * the owner to the other. The owner's reply reaches the visitor's stream through Redis pub/sub, the bot stays
 * quiet on the visitor's process while the owner holds the conversation, and a stream cut on one process resumes
 * on the other with nothing lost or doubled. Runs where TEST_DATABASE_URL and TEST_REDIS_URL are set.
 */
describe.runIf(postgres && redisUrl)('live conversations across two server processes', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vuxo-live-scaled-'));
  let database: TestDatabase;
  let servers: ReturnType<typeof serverProcess>[] = [];

  beforeAll(async () => {
    database = await postgres!.open({ migrate: false });
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.searchParams.set('options', `-c search_path=${rows[0]!.schema}`);
    const prefix = `test-${randomBytes(6).toString('hex')}:`;
    const env = { DATABASE_URL: url.toString(), REDIS_URL: redisUrl!, REDIS_KEY_PREFIX: prefix };
    servers = [serverProcess(dataDir, env), serverProcess(dataDir, env)];
    await Promise.all(servers.map((server) => server.start()));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.kill()));
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('carries the owner’s reply from one process to the visitor’s stream on the other, and resumes across them', async () => {
    const [a, b] = servers.map((server) => server.base) as [string, string];
    const owner = await testWorld(b, { db: database.db, dataDir }).owner({ name: 'Maria Scaled' });
    const { botId } = await owner.seededBot({ config: TEST_BOT_CHOICES });
    const asOwner = (path: string, body: object) =>
      fetch(`${b}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.token}` },
        body: JSON.stringify(body),
      });
    const chatOnA = async (message: string, visitor?: string) => {
      const res = await fetch(`${a}${API.chat}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(visitor ? { [VISITOR_ID_HEADER]: visitor } : {}) },
        body: JSON.stringify({ botConfigId: botId, message, history: [] }),
      });
      expect(res.status).toBe(200);
      return {
        ...((await res.json()) as { reply: string; held?: true }),
        visitor: res.headers.get(VISITOR_ID_HEADER)!,
      };
    };

    expect((await asOwner(LIVE_API.livePresence, { botId, displayName: 'Maria' })).status).toBe(200);
    const first = await chatOnA('Do you offer dental cleaning?');
    const stream = await openLiveEvents(a, { botId, visitorId: first.visitor });
    expect(stream.status).toBe(200);
    const asked = await fetch(`${a}${LIVE_API.liveRequest}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [VISITOR_ID_HEADER]: first.visitor },
      body: JSON.stringify({ botConfigId: botId }),
    });
    expect(await asked.json()).toMatchObject({ ownerOnline: true, ownerName: 'Maria', requested: true });

    const listed = await fetch(`${b}${LIVE_API.liveConversations}?botId=${botId}`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    const conversationId = ((await listed.json()) as { conversations: { id: string; waiting: boolean }[] })
      .conversations[0]!.id;
    expect((await asOwner(LIVE_API.liveReply, { botId, conversationId, text: 'Maria from B' })).status).toBe(
      200,
    );
    const quiet = await chatOnA('Thanks, how much?', first.visitor);
    expect(quiet).toMatchObject({ reply: '', held: true });
    const before = await stream.until(4);
    stream.cut();

    // Cut on A; the owner writes on B meanwhile; the visitor resumes on B after the last event seen.
    expect(
      (await asOwner(LIVE_API.liveReply, { botId, conversationId, text: 'While you were away' })).status,
    ).toBe(200);
    expect((await asOwner(LIVE_API.liveHandBack, { botId, conversationId })).status).toBe(200);
    const resumed = await openLiveEvents(b, { botId, visitorId: first.visitor, lastEventId: before[3]!.id });
    const after = await resumed.until(2);
    resumed.cut();
    const all = [...before, ...after];
    expect(all.map((e) => [e.id, e.kind, e.author, e.text])).toEqual([
      [1, 'requested', 'visitor', ''],
      [2, 'held', 'owner', ''],
      [3, 'message', 'owner', 'Maria from B'],
      [4, 'message', 'visitor', 'Thanks, how much?'],
      [5, 'message', 'owner', 'While you were away'],
      [6, 'released', 'owner', ''],
    ]);
    const back = await chatOnA('What are your opening hours?', first.visitor);
    expect(back.held).toBeUndefined();
    expect(back.reply).not.toBe('');
  }, 60_000);
});
