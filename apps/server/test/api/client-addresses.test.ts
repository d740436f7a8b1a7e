import { API, ERROR_CODES, VISITOR_ID_HEADER } from '@vuxo/shared';
import { createReadyBot, type ReadyBot } from '../engine/answer/chat-fixtures.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { CHAT_RATE_PER_MINUTE } from '../../src/services/chat.js';
import { NETWORK_SHARE } from '../../src/services/message-limits.js';

/**
 * The address every limit counts against is the socket's, or, with TRUST_PROXY, the one the
 * trusted proxy appended to X-Forwarded-For; never one the client wrote itself.
 */
let forged = 0;
/** A made-up address, new on every call, as an attacker would send. */
const forgedAddress = () => `198.51.${Math.floor(++forged / 250) % 250}.${(forged % 250) + 1}`;
const USER_AGENT = 'Mozilla/5.0 (test browser)';
/** A small daily allowance, so a network's ceiling (NETWORK_SHARE times it) fits in the per-minute limit. */
const DAILY_LIMIT = 3;
const NETWORK_LIMIT = DAILY_LIMIT * NETWORK_SHARE;

function widgetCalls(t: TestApp, bot: ReadyBot, remoteAddress: string, forwardedFor: () => string) {
  return {
    chat: (visitorId: string | null = null) =>
      t.app.inject({
        method: 'POST',
        url: API.chat,
        remoteAddress,
        headers: {
          'user-agent': USER_AGENT,
          'x-forwarded-for': forwardedFor(),
          ...(visitorId ? { [VISITOR_ID_HEADER]: visitorId } : {}),
        },
        payload: { botConfigId: bot.shareId, message: 'Is parking available?', history: [] },
      }),
    info: () =>
      t.app.inject({
        method: 'GET',
        url: `${API.publicBotInfo}?shareId=${bot.shareId}`,
        remoteAddress,
        headers: { 'user-agent': USER_AGENT, 'x-forwarded-for': forwardedFor() },
      }),
  };
}

/**
 * Sends the network's daily ceiling, each message as a new visitor (no visitor id) under a new forged address:
 * every one must be answered, and the next refused as the network's.
 */
async function expectDailyLimitHolds(calls: ReturnType<typeof widgetCalls>) {
  for (let i = 1; i <= NETWORK_LIMIT; i++) {
    const res = await calls.chat();
    expect(res.statusCode, res.body).toBe(200);
    // The network's last message leaves nothing for anyone on it.
    expect(res.json().messagesLeft).toBe(i < NETWORK_LIMIT ? DAILY_LIMIT - 1 : 0);
  }
  const refused = await calls.chat();
  expect(refused.statusCode).toBe(429);
  expect(refused.json()).toMatchObject({
    code: ERROR_CODES.messageLimitReached,
    messagesLeft: 0,
    limitedBy: 'network',
  });
}

/** The widget's per-minute limit: CHAT_RATE_PER_MINUTE calls pass, the next is refused. */
async function expectRateLimitHolds(calls: ReturnType<typeof widgetCalls>) {
  for (let i = 0; i < CHAT_RATE_PER_MINUTE; i++) expect((await calls.info()).statusCode).toBe(200);
  expect((await calls.info()).statusCode).toBe(429);
}

describe('client addresses with the default TRUST_PROXY (trust no proxy)', () => {
  let t: TestApp;
  let bot: ReadyBot;
  beforeAll(async () => {
    t = await startTestApp({ deps: { chat: { dailyLimit: DAILY_LIMIT } } });
    bot = await createReadyBot(t);
  });
  afterAll(() => t.close());

  it('ignores X-Forwarded-For: a forged address on every message changes no daily limit key', async () => {
    await expectDailyLimitHolds(widgetCalls(t, bot, '10.20.0.1', forgedAddress));
  });

  it('ignores X-Forwarded-For in the per-minute limit', async () => {
    await expectRateLimitHolds(widgetCalls(t, bot, '10.20.0.2', forgedAddress));
  });
});

describe('client addresses with TRUST_PROXY=1 (one reverse proxy in front)', () => {
  const PROXY = '10.30.0.1';
  let t: TestApp;
  let bot: ReadyBot;
  beforeAll(async () => {
    t = await startTestApp({ env: { TRUST_PROXY: '1' }, deps: { chat: { dailyLimit: DAILY_LIMIT } } });
    bot = await createReadyBot(t);
  });
  afterAll(() => t.close());

  /** What the proxy forwards: whatever the client wrote, then the address it saw (appended). */
  const throughProxy = (client: string) => () => `${forgedAddress()}, ${client}`;

  it('counts the address the proxy appended: the daily limit holds against a forged left-most entry', async () => {
    await expectDailyLimitHolds(widgetCalls(t, bot, PROXY, throughProxy('203.0.113.10')));
    // Another client behind the same proxy is its own visitor.
    const other = await widgetCalls(t, bot, PROXY, throughProxy('203.0.113.11')).chat();
    expect(other.statusCode).toBe(200);
    expect(other.json().messagesLeft).toBe(DAILY_LIMIT - 1);
  });

  it('holds the per-minute limit against a forged left-most entry', async () => {
    await expectRateLimitHolds(widgetCalls(t, bot, PROXY, throughProxy('203.0.113.20')));
    expect((await widgetCalls(t, bot, PROXY, throughProxy('203.0.113.21')).info()).statusCode).toBe(200);
  });
});
