import { randomBytes } from 'node:crypto';
import { API, ERROR_CODES, MESSAGES_PER_DAY, VISITOR_ID_HEADER, WIDGET_MSG } from '@vuxo/shared';
import { testDatabases } from '../support/databases.js';
import { bearer, type TestApp } from '../support/test-app.js';
import { createReadyBot, startChatApp, type ReadyBot } from '../engine/answer/chat-fixtures.js';
import { usageDay } from '../../src/services/chat-usage.js';
import { NETWORK_SHARE } from '../../src/services/message-limits.js';

const LIMIT_MESSAGE = WIDGET_MSG.limitReached('info@vuxo.example');
const NETWORK_LIMIT_MESSAGE = WIDGET_MSG.networkLimitReached('info@vuxo.example');

interface SendOptions {
  address: string;
  visitorId?: string | null;
  cookie?: string;
  headers?: Record<string, string>;
  botId?: string;
  userAgent?: string;
}

/** One widget message to `bot` (its share id unless `botId`), from `address`, as the options' browser. */
const sendChat = (t: TestApp, bot: ReadyBot, options: SendOptions) =>
  t.app.inject({
    method: 'POST',
    url: API.chat,
    remoteAddress: options.address,
    headers: {
      'user-agent': options.userAgent ?? 'Mozilla/5.0 (test browser)',
      ...(options.visitorId ? { [VISITOR_ID_HEADER]: options.visitorId } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
    payload: { botConfigId: options.botId ?? bot.shareId, message: 'Is parking available?', history: [] },
  });

describe.each(testDatabases())('the daily message limit, enforced by the server ($name)', (database) => {
  let t: TestApp;
  let bot: ReadyBot;
  let subnet = 0;
  /** A fresh client address per test: counts are per bot, per visitor, per day. */
  const newAddress = () => `10.${database.name === 'sqlite' ? 2 : 3}.${++subnet}.7`;

  beforeAll(async () => {
    // The per-minute flood limit (tested in chat.test.ts) is off: these tests send fast.
    // These tests read the counts in the database's chat_usage table, so they keep the database's counter even
    // in the scaled stack's pass; the Redis counter has its own tests (redis-chat-usage, scale-out, faults-scaled).
    t = await startChatApp({ database, env: { REDIS_URL: '' }, chat: { ratePerMinute: null } });
    bot = await createReadyBot(t);
  });
  afterAll(() => t.close());

  const send = (options: SendOptions) => sendChat(t, bot, options);

  /** Sends the day's allowance as one visitor; returns the visitor id the server issued. */
  async function useAllowance(address: string): Promise<string> {
    let visitorId: string | null = null;
    for (let i = 1; i <= MESSAGES_PER_DAY; i++) {
      const res = await send({ address, visitorId });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().messagesLeft).toBe(MESSAGES_PER_DAY - i);
      visitorId ??= res.json().visitorId as string;
      expect(res.json().visitorId).toBe(visitorId);
    }
    return visitorId!;
  }

  it('answers 15 messages, counting down, then 429 with the product’s message', async () => {
    const address = newAddress();
    const visitorId = await useAllowance(address);
    const res = await send({ address, visitorId });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      error: LIMIT_MESSAGE,
      code: ERROR_CODES.messageLimitReached,
      messagesLeft: 0,
      limitedBy: 'visitor',
      visitorId,
    });
    const info = await t.app.inject({
      method: 'GET',
      url: `${API.publicBotInfo}?shareId=${bot.shareId}`,
      remoteAddress: address,
      headers: { [VISITOR_ID_HEADER]: visitorId, 'user-agent': 'Mozilla/5.0 (test browser)' },
    });
    expect(info.json()).toMatchObject({ messagesLeft: 0, limitedBy: 'visitor' });
  });

  it('follows the visitor id to another network, and its cookie when the header is missing', async () => {
    const visitorId = await useAllowance(newAddress());
    expect((await send({ address: newAddress(), visitorId })).statusCode).toBe(429);
    expect((await send({ address: newAddress(), cookie: `vuxo_vid=${visitorId}` })).statusCode).toBe(429);
    // Another visitor elsewhere is not affected.
    expect((await send({ address: newAddress() })).statusCode).toBe(200);
  });

  it('holds one network to ten visitors’ worth a day, whatever User-Agents it sends', async () => {
    const address = newAddress();
    for (let browser = 0; browser < NETWORK_SHARE; browser++) {
      for (let i = 0; i < MESSAGES_PER_DAY; i++) {
        const res = await send({ address, userAgent: `Browser ${browser}` });
        expect(res.statusCode).toBe(200);
      }
    }
    // A visitor who sent nothing is told it is their network's allowance, not that they sent 15.
    const next = await send({ address, userAgent: 'Yet another browser' });
    expect(next.statusCode).toBe(429);
    expect(next.json()).toMatchObject({
      error: NETWORK_LIMIT_MESSAGE,
      code: ERROR_CODES.messageLimitReached,
      messagesLeft: 0,
      limitedBy: 'network',
    });
    expect(next.json().error).not.toContain('15');
  });

  it('counts only accepted messages: a second visitor on the address is served after 140 refusals', async () => {
    const address = newAddress();
    const visitorId = await useAllowance(address);
    for (let i = 0; i < 140; i++) {
      const refused = await send({ address, visitorId });
      expect(refused.statusCode).toBe(429);
    }
    // Refusals counted nowhere: not against the first visitor's keys, not against the network.
    const counts = await t.database.db
      .selectFrom('chat_usage')
      .select(['visitor_id', 'count'])
      .where('bot_id', '=', bot.botId)
      .where('day', '=', usageDay())
      .where('visitor_id', 'in', [`v:${visitorId.split('.')[0]}`])
      .execute();
    expect(counts.map((c) => Number(c.count))).toEqual([MESSAGES_PER_DAY]);
    const second = await send({ address, userAgent: 'Another browser on the same network' });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().messagesLeft).toBe(MESSAGES_PER_DAY - 1);
    // …and the network can still carry nine more visitors' allowances.
    const info = await t.app.inject({
      method: 'GET',
      url: `${API.publicBotInfo}?shareId=${bot.shareId}`,
      remoteAddress: address,
      headers: { 'user-agent': 'A third browser' },
    });
    expect(info.json()).toMatchObject({ messagesLeft: MESSAGES_PER_DAY });
    expect(info.json().limitedBy).toBeUndefined();
  });

  it('sets the visitor id as an HttpOnly cookie too', async () => {
    // Over plain http from a host that is not local (https and local hosts: visitor-conversations.test.ts).
    const res = await send({ address: newAddress(), headers: { host: 'chat.example.org' } });
    expect(res.headers['set-cookie']).toMatch(
      new RegExp(`^vuxo_vid=${res.json().visitorId}; Path=/api; Max-Age=\\d+; HttpOnly; SameSite=Lax$`),
    );
  });

  it('counts atomically: of 25 messages at once, exactly 15 are answered', async () => {
    const address = newAddress();
    const first = await send({ address });
    const visitorId = first.json().visitorId as string;
    const results = await Promise.all(Array.from({ length: 24 }, () => send({ address, visitorId })));
    const codes = [first, ...results].map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(MESSAGES_PER_DAY);
    expect(codes.filter((c) => c === 429)).toHaveLength(25 - MESSAGES_PER_DAY);
  });

  it('does not limit the bot’s owner', async () => {
    const address = newAddress();
    await useAllowance(address);
    for (let i = 0; i < 5; i++) {
      const res = await send({ address, headers: bearer(bot.ownerToken) });
      expect(res.statusCode).toBe(200);
      expect(res.json().messagesLeft).toBeUndefined();
    }
  });

  it('counts per bot and per day, and stores no address', async () => {
    const address = newAddress();
    const visitorId = await useAllowance(address);
    const other = await createReadyBot(t, { overrides: { botName: 'Other Bot' } });
    const elsewhere = await send({ address, visitorId, botId: other.botId });
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.json().messagesLeft).toBe(MESSAGES_PER_DAY - 1);

    // Yesterday's counts do not carry over.
    await t.database.db
      .updateTable('chat_usage')
      .set({ day: '2000-01-01' })
      .where('bot_id', '=', bot.botId)
      .where('day', '=', usageDay())
      .execute();
    expect((await send({ address, visitorId })).statusCode).toBe(200);

    const keys = await t.database.db.selectFrom('chat_usage').select('visitor_id').execute();
    for (const { visitor_id } of keys) {
      expect(visitor_id).toMatch(/^(?:v:[\w-]{20}|n:[\w-]{32})$/);
      expect(visitor_id).not.toContain('10.');
    }
  });
});

/** The database's counter always; Redis's (a scaled setup's) too when the run has one. */
const counters: { name: string; env: Record<string, string> }[] = [
  { name: 'database counter', env: { REDIS_URL: '' } },
  ...(process.env.TEST_REDIS_URL
    ? [
        {
          name: 'Redis counter',
          env: {
            REDIS_URL: process.env.TEST_REDIS_URL,
            REDIS_KEY_PREFIX: `test-${randomBytes(6).toString('hex')}:`,
          },
        },
      ]
    : []),
];

describe.each(counters)('each visitor’s own allowance, the address only the network’s ($name)', ({ env }) => {
  const SAFARI =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Version/18.0 Mobile/15E148 Safari/604.1';
  let t: TestApp;
  let bot: ReadyBot;
  let subnet = 0;
  const newAddress = () => `10.${env.REDIS_URL ? 5 : 4}.${++subnet}.7`;

  beforeAll(async () => {
    t = await startChatApp({ env, chat: { ratePerMinute: null } });
    bot = await createReadyBot(t);
  });
  afterAll(() => t.close());

  /** The same iPhone Safari, one visitor or another. */
  const send = (address: string, visitorId: string | null = null) =>
    sendChat(t, bot, { address, visitorId, userAgent: SAFARI });

  it('gives two visitors on one address with the same browser a full allowance each', async () => {
    const address = newAddress();
    const ids: string[] = [];
    for (let visitor = 0; visitor < 2; visitor++) {
      let id: string | null = null;
      for (let i = 1; i <= MESSAGES_PER_DAY; i++) {
        const res = await send(address, id);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().messagesLeft).toBe(MESSAGES_PER_DAY - i);
        id ??= res.json().visitorId as string;
      }
      expect((await send(address, id)).json()).toMatchObject({ messagesLeft: 0, limitedBy: 'visitor' });
      ids.push(id!);
    }
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('answers a tampered, unsigned or foreign id with a new id of its own, counted from the start', async () => {
    const address = newAddress();
    const first = await send(address);
    const spent = first.json().visitorId as string;
    const [random = '', mac = ''] = spent.split('.');
    const forged = [
      `${random}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`,
      `${random}.`,
      `${'A'.repeat(20)}.${mac}`,
      'not-a-visitor-id',
    ];
    for (const visitorId of forged) {
      for (const sent of [{ visitorId }, { cookie: `vuxo_vid=${visitorId}` }]) {
        const res = await sendChat(t, bot, { address, userAgent: SAFARI, ...sent });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().messagesLeft).toBe(MESSAGES_PER_DAY - 1);
        expect(res.json().visitorId).not.toBe(visitorId);
        expect(res.json().visitorId).not.toBe(spent);
      }
    }
  });

  it('holds a client that forges a new id for every message to the network’s ceiling', async () => {
    const address = newAddress();
    for (let i = 0; i < MESSAGES_PER_DAY * NETWORK_SHARE; i++) {
      const res = await send(address, `forged-${i}`);
      expect(res.statusCode, res.body).toBe(200);
    }
    for (const visitorId of [null, 'forged-again']) {
      const refused = await send(address, visitorId);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ error: NETWORK_LIMIT_MESSAGE, limitedBy: 'network' });
    }
    // Another network is not affected.
    expect((await send(newAddress())).statusCode).toBe(200);
  });
});
