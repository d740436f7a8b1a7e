import { readdir, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { API, LIVE_API, VISITOR_ID_HEADER } from '@vuxo/shared';
import type { Owner } from '@vuxo/testkit';
import { testDatabases } from '../support/databases.js';
import { openLiveEvents } from '../support/live-events.js';
import { appWorld, bearer, startTestApp, TEST_BOT_CHOICES, type TestApp } from '../support/test-app.js';
import { waitFor } from '../support/wizard-flow.js';

/**
 * Issue 47 (decision 116): the owner is mailed once when a visitor's request for a person gets no reply in time;
 * an owner's reply that no stream of the visitor's delivered goes to the email the visitor left. The delays are
 * the test's (a few milliseconds); the jobs are the worker's, as in production.
 */
describe.each(testDatabases())('live conversations’ mail ($name)', (database) => {
  let t: TestApp;
  let base: string;
  let owner: Owner;
  let botId: string;
  let address = 0;

  beforeAll(async () => {
    t = await startTestApp({ database, deps: { live: { waitingAfterMs: 20, replyMailAfterMs: 500 } } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    owner = await appWorld(t).owner({ name: 'Maria Mail' });
    botId = (await owner.seededBot({ config: TEST_BOT_CHOICES })).botId;
  }, 60_000);
  afterAll(() => t.close());

  /** The outbox's messages, parsed. */
  const mails = async () => {
    const dir = path.join(t.config.dataDir, 'outbox');
    const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml'));
    return Promise.all(names.map(async (n) => simpleParser(await readFile(path.join(dir, n), 'utf8'))));
  };
  const mailsTo = async (to: string) =>
    (await mails()).filter((m) => m.to && JSON.stringify(m.to).includes(to));
  const chat = async (message: string, visitor?: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: API.chat,
      payload: { botConfigId: botId, message, history: [] },
      remoteAddress: `10.48.${++address}.1`,
      headers: visitor ? { [VISITOR_ID_HEADER]: visitor } : {},
    });
    return res.headers[VISITOR_ID_HEADER] as string;
  };
  const asOwner = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: bearer(owner.token), payload });
  const conversationOf = async (question: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${LIVE_API.liveConversations}?botId=${botId}`,
      headers: bearer(owner.token),
    });
    return (res.json() as { conversations: { id: string; lastMessage: string }[] }).conversations.find(
      (c) => c.lastMessage === question,
    )!.id;
  };
  const leaveEmail = (visitor: string, email: string, question: string) =>
    t.app.inject({
      method: 'POST',
      url: API.visitorRequest,
      payload: { botConfigId: botId, email, question, consent: true },
      remoteAddress: `10.48.${++address}.2`,
      headers: { [VISITOR_ID_HEADER]: visitor },
    });
  const jobDone = (id: string) =>
    waitFor(
      () => t.database.db.selectFrom('jobs').select('status').where('id', '=', id).executeTakeFirst(),
      (job) => job?.status === 'done',
    );

  it('mails the owner once when a request for a person gets no reply in time', async () => {
    await asOwner(LIVE_API.livePresence, { botId, displayName: 'Maria' });
    const visitor = await chat('Can someone help me with my booking?');
    const asked = await t.app.inject({
      method: 'POST',
      url: LIVE_API.liveRequest,
      payload: { botConfigId: botId },
      headers: { [VISITOR_ID_HEADER]: visitor },
    });
    expect(asked.json()).toMatchObject({ requested: true });
    const conversationId = await conversationOf('Can someone help me with my booking?');
    await jobDone(`livw-${botId}-${conversationId}`);
    const notices = await waitFor(
      async () =>
        (await mailsTo(owner.account.email)).filter((m) => m.subject?.startsWith('A visitor is waiting')),
      (found) => found.length > 0,
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain('Can someone help me with my booking?');
    // Asked again the same day: the request stands, and no second mail is scheduled.
    await t.app.inject({
      method: 'POST',
      url: LIVE_API.liveRequest,
      payload: { botConfigId: botId },
      headers: { [VISITOR_ID_HEADER]: visitor },
    });
    const row = await t.database.db
      .selectFrom('live_conversations')
      .select('notified_at')
      .where('conversation_id', '=', conversationId)
      .executeTakeFirstOrThrow();
    expect(row.notified_at).not.toBeNull();
    expect(
      (await mailsTo(owner.account.email)).filter((m) => m.subject?.startsWith('A visitor is waiting')),
    ).toHaveLength(1);
  });

  it('mails a reply to the visitor who left their email, and not one their open chat showed', async () => {
    const gone = await chat('Do you do home visits?');
    expect((await leaveEmail(gone, 'gone@example.org', 'Do you do home visits?')).statusCode).toBe(200);
    const stayed = await chat('Do you sell gift vouchers?');
    expect((await leaveEmail(stayed, 'stayed@example.org', 'Do you sell gift vouchers?')).statusCode).toBe(
      200,
    );
    const goneConversation = await conversationOf('Do you do home visits?');
    const stayedConversation = await conversationOf('Do you sell gift vouchers?');

    const stream = await openLiveEvents(base, { botId, visitorId: stayed });
    for (const [conversationId, text] of [
      [goneConversation, 'Yes, on Fridays.'],
      [stayedConversation, 'Yes, at the desk.'],
    ] as const) {
      expect((await asOwner(LIVE_API.liveReply, { botId, conversationId, text })).statusCode).toBe(200);
    }
    await stream.until(2);
    await jobDone(`livr-${botId}-${goneConversation}`);
    await jobDone(`livr-${botId}-${stayedConversation}`);
    stream.cut();

    const toGone = await waitFor(
      () => mailsTo('gone@example.org'),
      (found) => found.length > 0,
    );
    expect(toGone).toHaveLength(1);
    expect(toGone[0]!.subject).toBe('Maria answered your question');
    expect(toGone[0]!.text).toContain('Yes, on Fridays.');
    expect(await mailsTo('stayed@example.org')).toHaveLength(0);
  });
});
