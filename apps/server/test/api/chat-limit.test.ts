import { API, ERROR_CODES, MESSAGES_PER_DAY, VISITOR_ID_HEADER, WIDGET_MSG } from '@vuxo/shared';
import { testDatabases } from '../support/databases.js';
import { bearer, type TestApp } from '../support/test-app.js';
import { createReadyBot, startChatApp, type ReadyBot } from '../engine/answer/chat-fixtures.js';
import { usageDay } from '../../src/services/chat-usage.js';
import { NETWORK_SHARE } from '../../src/services/message-limits.js';

const LIMIT_MESSAGE = WIDGET_MSG.limitReached('info@vuxo.example');
const NETWORK_LIMIT_MESSAGE = WIDGET_MSG.networkLimitReached('info@vuxo.example');

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

  const send = (options: {
    address: string;
    visitorId?: string | null;
    cookie?: string;
    headers?: Record<string, string>;
    botId?: string;
    userAgent?: string;
  }) =>
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

  it('does not start again for a cleared localStorage: no id, a new id, or a forged id', async () => {
    const address = newAddress();
    await useAllowance(address);
    // Cleared storage: the widget sends no id; the server issues a new one, but the address still counts.
    const cleared = await send({ address, visitorId: null });
    expect(cleared.statusCode).toBe(429);
    expect(cleared.json().error).toBe(LIMIT_MESSAGE);
    const fresh = cleared.json().visitorId as string;
    expect((await send({ address, visitorId: fresh })).statusCode).toBe(429);
    expect((await send({ address, visitorId: `${fresh.slice(0, -2)}AA` })).statusCode).toBe(429);
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
    const res = await send({ address: newAddress() });
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
      expect(visitor_id).toMatch(/^(?:v:[\w-]{20}|[an]:[\w-]{32})$/);
      expect(visitor_id).not.toContain('10.');
    }
  });
});
