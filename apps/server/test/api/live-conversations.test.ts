import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API, LIVE_API, LIVE_MSG, LIVE_STREAMS_PER_CLIENT, VISITOR_ID_HEADER } from '@vuxo/shared';
import type { Owner as KitOwner } from '@vuxo/testkit';
import { testDatabases } from '../support/databases.js';
import { openLiveEvents } from '../support/live-events.js';
import { appWorld, bearer, startTestApp, TEST_BOT_CHOICES, type TestApp } from '../support/test-app.js';

const UNANSWERABLE = 'Do you offer dental cleaning?';

/**
 * Issue 47 (decision 115): a visitor asks for a person, the owner answers in their conversation and holds it
 * (the bot stays quiet), and hands it back; the visitor's stream resumes after a cut with nothing lost or doubled;
 * another owner, a visitor writing as the owner, and a visitor guessing another's conversation get nothing.
 */
describe.each(testDatabases())('live conversations ($name)', (database) => {
  let t: TestApp;
  let base: string;
  let maria: KitOwner;
  let other: KitOwner;
  let botId: string;
  let address = 0;

  beforeAll(async () => {
    t = await startTestApp({ database });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const world = appWorld(t);
    maria = await world.owner({ name: 'Maria Lopez' });
    other = await world.owner({ name: 'Otto Other' });
    botId = (await maria.seededBot({ config: TEST_BOT_CHOICES })).botId;
  }, 60_000);
  afterAll(() => t.close());

  /** A visitor's chat message, each visitor from an address of their own. */
  const chat = async (message: string, visitor?: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: API.chat,
      payload: { botConfigId: botId, message, history: [] },
      remoteAddress: `10.47.${++address}.1`,
      headers: visitor ? { [VISITOR_ID_HEADER]: visitor } : {},
    });
    expect(res.statusCode, res.body).toBe(200);
    return {
      ...(res.json() as { reply: string; held?: true; declined?: true }),
      visitor: res.headers[VISITOR_ID_HEADER] as string,
    };
  };
  const asOwner = (who: KitOwner, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(who.token), ...(payload ? { payload } : {}) });
  const visitorCall = (method: 'GET' | 'POST', url: string, visitor: string, payload?: object) =>
    t.app.inject({ method, url, headers: { [VISITOR_ID_HEADER]: visitor }, ...(payload ? { payload } : {}) });
  /** The owner's id of the visitor's conversation: the one whose last message is `question`. */
  const conversationOf = async (question: string) => {
    const res = await asOwner(maria, 'GET', `${LIVE_API.liveConversations}?botId=${botId}`);
    expect(res.statusCode, res.body).toBe(200);
    const found = (res.json() as { conversations: { id: string; lastMessage: string }[] }).conversations.find(
      (c) => c.lastMessage === question,
    );
    expect(found).toBeDefined();
    return found!.id;
  };

  it('offers no live person while the owner is away from the Live view', async () => {
    const { visitor } = await chat('What are your opening hours?');
    const status = await visitorCall('GET', `${LIVE_API.liveStatus}?botConfigId=${botId}`, visitor);
    const { hours, ...rest } = status.json() as { hours: unknown[] };
    expect(rest).toEqual({ ownerOnline: false, ownerName: null, held: false, requested: false });
    // The email form says when the business is back, from the hours in the bot's key facts.
    expect(hours).toContainEqual({ day: 'mon', opens: '09:00', closes: '18:00' });
    const asked = await visitorCall('POST', LIVE_API.liveRequest, visitor, { botConfigId: botId });
    expect(asked.json()).toMatchObject({
      ownerOnline: false,
      ownerName: null,
      held: false,
      requested: false,
    });
  });

  it('queues the visitor who asks, lets the owner answer under their name, keeps the bot quiet, and hands back', async () => {
    const presence = await asOwner(maria, 'POST', LIVE_API.livePresence, { botId, displayName: 'Maria' });
    expect(presence.json()).toMatchObject({ displayName: 'Maria', notifyAfterMin: 2 });
    // The owner chooses how long a request waits before it is mailed to them, among the offered times.
    const chosen = await asOwner(maria, 'POST', LIVE_API.livePresence, { botId, notifyAfterMin: 5 });
    expect(chosen.json()).toMatchObject({ displayName: 'Maria', notifyAfterMin: 5 });
    const odd = await asOwner(maria, 'POST', LIVE_API.livePresence, { botId, notifyAfterMin: 7 });
    expect(odd.statusCode).toBe(400);
    const first = await chat(UNANSWERABLE);
    expect(first.declined).toBe(true);
    const status = await visitorCall('GET', `${LIVE_API.liveStatus}?botConfigId=${botId}`, first.visitor);
    expect(status.json()).toMatchObject({ ownerOnline: true, ownerName: 'Maria', held: false });

    const stream = await openLiveEvents(base, { botId, visitorId: first.visitor });
    expect(stream.status).toBe(200);
    const asked = await visitorCall('POST', LIVE_API.liveRequest, first.visitor, { botConfigId: botId });
    expect(asked.json()).toMatchObject({ ownerOnline: true, ownerName: 'Maria', requested: true });
    await stream.until(1);

    const list = await asOwner(maria, 'GET', `${LIVE_API.liveConversations}?botId=${botId}`);
    const top = (
      list.json() as { conversations: { lastMessage: string; waiting: boolean; requested: boolean }[] }
    ).conversations[0];
    expect(top).toMatchObject({ lastMessage: UNANSWERABLE, waiting: true, requested: true });

    const conversationId = await conversationOf(UNANSWERABLE);
    const answered = await asOwner(maria, 'POST', LIVE_API.liveReply, {
      botId,
      conversationId,
      text: 'Yes, we do!',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const quiet = await chat('Great, how much is it?', first.visitor);
    expect(quiet).toMatchObject({ reply: '', held: true });
    const handed = await asOwner(maria, 'POST', LIVE_API.liveHandBack, { botId, conversationId });
    expect(handed.statusCode).toBe(200);
    const events = await stream.until(5);
    stream.cut();
    expect(events.map((e) => [e.id, e.kind, e.author, e.text, e.name])).toEqual([
      [1, 'requested', 'visitor', '', undefined],
      [2, 'held', 'owner', '', 'Maria'],
      [3, 'message', 'owner', 'Yes, we do!', 'Maria'],
      [4, 'message', 'visitor', 'Great, how much is it?', undefined],
      [5, 'released', 'owner', '', 'Maria'],
    ]);

    const back = await chat('What are your opening hours?', first.visitor);
    expect(back.held).toBeUndefined();
    expect(back.reply).toMatch(/9/);
    const detail = await asOwner(
      maria,
      'GET',
      `${LIVE_API.liveConversation}?botId=${botId}&conversationId=${conversationId}`,
    );
    const messages = (detail.json() as { messages: { author: string; text: string }[] }).messages;
    expect(messages.map((m) => m.author)).toEqual(['visitor', 'bot', 'owner', 'visitor', 'visitor', 'bot']);
    expect(messages[2]).toMatchObject({ author: 'owner', text: 'Yes, we do!', name: 'Maria' });

    // The owner's live answers count in the bot's analytics.
    const analytics = await asOwner(maria, 'GET', `${API.botAnalytics}?botId=${botId}`);
    expect(analytics.json()).toMatchObject({ ownerAnswers: 1 });

    // The owner's log and its CSV keep who wrote each answer.
    const log = await asOwner(maria, 'GET', `${API.botConversations}?botId=${botId}`);
    const logged = (log.json() as { conversations: { id: string; messages: object[] }[] }).conversations.find(
      (c) => c.id === conversationId,
    );
    expect(logged?.messages).toContainEqual(
      expect.objectContaining({ role: 'assistant', author: 'owner', content: 'Yes, we do!', name: 'Maria' }),
    );
    expect(logged?.messages).toContainEqual(
      expect.objectContaining({ role: 'user', author: 'visitor', content: 'Great, how much is it?' }),
    );
    const csv = (await asOwner(maria, 'GET', `${API.botConversationsCsv}?botId=${botId}`)).body.split('\r\n');
    expect(csv[0]).toBe('conversation,visitor,asked_at,question,answer,kind,sources,vote,author');
    const ofThis = csv.filter((line) => line.startsWith(`"${conversationId}"`));
    expect(ofThis.filter((line) => line.includes('"Yes, we do!"') && line.endsWith(',"owner"'))).toHaveLength(
      1,
    );
    expect(
      ofThis.filter((line) => line.includes('"Great, how much is it?"') && line.endsWith(',"visitor"')),
    ).toHaveLength(1);
    expect(ofThis.filter((line) => line.endsWith(',"bot"'))).toHaveLength(2);
  });

  it('resumes a cut stream after its last event id with nothing lost or doubled', async () => {
    const question = 'Can I talk to someone about a refund?';
    const { visitor } = await chat(question);
    const conversationId = await conversationOf(question);
    const say = async (text: string) =>
      expect(
        (await asOwner(maria, 'POST', LIVE_API.liveReply, { botId, conversationId, text })).statusCode,
      ).toBe(200);

    const first = await openLiveEvents(base, { botId, visitorId: visitor });
    await say('One');
    const before = await first.until(2);
    first.cut();
    await say('Two');
    await say('Three');
    const resumed = await openLiveEvents(base, { botId, visitorId: visitor, lastEventId: before[1]!.id });
    await resumed.until(2);
    await say('Four');
    const after = await resumed.until(3);
    resumed.cut();
    const all = [...before, ...after];
    expect(all.map((e) => e.id)).toEqual([1, 2, 3, 4, 5]);
    expect(all.filter((e) => e.kind === 'message').map((e) => e.text)).toEqual([
      'One',
      'Two',
      'Three',
      'Four',
    ]);
  });

  it('holds at most LIVE_STREAMS_PER_CLIENT open streams from one address, and frees a place when one ends', async () => {
    const { visitor } = await chat('Is anyone there to talk to?');
    const streams = [];
    for (let i = 0; i < LIVE_STREAMS_PER_CLIENT; i++) {
      const stream = await openLiveEvents(base, { botId, visitorId: visitor });
      expect(stream.status).toBe(200);
      streams.push(stream);
    }
    // A connection of its own that closes after the answer: an idle kept-alive one would hold the server's close.
    const tryOpen = () =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const query = new URLSearchParams({ botConfigId: botId, visitorId: visitor });
        const req = get(`${base}${LIVE_API.liveEvents}?${query}`, { agent: false }, (res) => {
          if (res.statusCode === 200) {
            resolve({ status: 200, body: '' });
            return void req.destroy();
          }
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on('error', reject);
      });
    const refused = await tryOpen();
    expect(refused.status).toBe(429);
    expect((JSON.parse(refused.body) as { error: string }).error).toBe(LIVE_MSG.tooManyStreams);

    // A stream ended frees its place.
    streams.pop()!.cut();
    await expect.poll(async () => (await tryOpen()).status).toBe(200);
    for (const stream of streams) stream.cut();
  });

  it('gives another owner a 404 and a visitor no way to write as the owner', async () => {
    const question = 'Is there parking nearby?';
    await chat(question);
    const conversationId = await conversationOf(question);
    const calls = [
      ['GET', `${LIVE_API.liveConversations}?botId=${botId}`],
      ['GET', `${LIVE_API.liveConversation}?botId=${botId}&conversationId=${conversationId}`],
      ['POST', LIVE_API.liveReply, { botId, conversationId, text: 'Not yours' }],
      ['POST', LIVE_API.liveHandBack, { botId, conversationId }],
      ['POST', LIVE_API.livePresence, { botId }],
      ['GET', `${LIVE_API.liveOwnerEvents}?botId=${botId}`],
    ] as const;
    for (const [method, url, payload] of calls) {
      const res = await asOwner(other, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const { visitor } = await chat('Hello');
    const asVisitor = await visitorCall('POST', LIVE_API.liveReply, visitor, {
      botId,
      conversationId,
      text: 'I am the owner',
    });
    expect(asVisitor.statusCode).toBe(401);
    const missing = await asOwner(maria, 'POST', LIVE_API.liveReply, {
      botId,
      conversationId: 'c_guessed',
      text: 'Hi',
    });
    expect(missing.statusCode).toBe(404);
    const detail = await asOwner(
      maria,
      'GET',
      `${LIVE_API.liveConversation}?botId=${botId}&conversationId=${conversationId}`,
    );
    expect((detail.json() as { messages: { author: string }[] }).messages.map((m) => m.author)).toEqual([
      'visitor',
      'bot',
    ]);
  });

  it('opens a visitor’s stream on their own conversation only, whatever id they send', async () => {
    const a = await chat('Do you sell gift cards?');
    const b = await chat('Do you deliver?');
    const aConversation = await conversationOf('Do you sell gift cards?');
    const bConversation = await conversationOf('Do you deliver?');
    for (const forged of [undefined, 'not-an-id', `${a.visitor.slice(0, -2)}xx`]) {
      const refused = await openLiveEvents(base, { botId, ...(forged ? { visitorId: forged } : {}) });
      expect(refused.status, String(forged)).toBe(404);
    }
    // B asks for A's conversation by its id: the query is not read; B's stream is B's conversation.
    const stream = await openLiveEvents(base, {
      botId,
      visitorId: b.visitor,
      inHeader: true,
      extraQuery: `&conversationId=${aConversation}`,
    });
    expect(stream.status).toBe(200);
    for (const [conversationId, text] of [
      [aConversation, 'For A only'],
      [bConversation, 'For B'],
    ] as const) {
      const res = await asOwner(maria, 'POST', LIVE_API.liveReply, { botId, conversationId, text });
      expect(res.statusCode).toBe(200);
    }
    const events = await stream.until(2);
    stream.cut();
    expect(events.map((e) => e.text)).toEqual(['', 'For B']);
  });
});
