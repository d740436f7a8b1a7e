import type { LightMyRequestResponse } from 'fastify';
import { API, API_MSG } from '@vuxo/shared';
import { createReadyBot, type ReadyBot } from '../engine/answer/chat-fixtures.js';
import { signInOnEmulator } from '../support/emulator-users.js';
import { bearer, startTestApp, type TestApp } from '../support/test-app.js';
import { REQUESTS_PER_MINUTE } from '../../src/http/rate-limits.js';
import { CHAT_RATE_PER_MINUTE } from '../../src/services/chat.js';

/** Rate limits keyed by who is asking, and a ceiling on every request per address. */
describe('the widget’s per-minute limit, keyed by who is asking', () => {
  let t: TestApp;
  let bot: ReadyBot;
  let strangerToken: string;
  beforeAll(async () => {
    t = await startTestApp();
    bot = await createReadyBot(t);
    ({ idToken: strangerToken } = await signInOnEmulator(t.emulatorHost, {
      name: 'Sam Stranger',
      email: `stranger-${Date.now()}@example.com`,
    }));
  });
  afterAll(() => t.close());

  const questions = (remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: API.generateQuestions,
      payload: { botId: bot.botId },
      remoteAddress,
      headers,
    });
  const chat = (remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: API.chat,
      payload: { botConfigId: bot.shareId, message: 'Hello', history: [] },
      remoteAddress,
      headers,
    });

  it('limits a signed-in stranger by user id, whatever address they come from', async () => {
    for (let i = 0; i < CHAT_RATE_PER_MINUTE; i++) {
      const res = await questions(`10.40.${i}.1`, bearer(strangerToken));
      expect(res.statusCode, res.body).toBe(200);
    }
    const limited = await questions('10.40.200.1', bearer(strangerToken));
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: API_MSG.tooManyRequests });
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    // The chat itself is limited the same way (its own count), not waved through for carrying a token; past
    // the visitor's daily 15 its refusals are the daily limit's, not the flood limit's.
    const floodRefusals = [];
    for (let i = 0; i <= CHAT_RATE_PER_MINUTE; i++) {
      const res = await chat('10.41.0.1', bearer(strangerToken));
      floodRefusals.push(res.json().error === API_MSG.tooManyRequests);
    }
    expect(floodRefusals.slice(0, CHAT_RATE_PER_MINUTE).some(Boolean)).toBe(false);
    expect(floodRefusals.at(-1)).toBe(true);
  });

  it('limits a junk token like anyone: 401 until the address’s allowance is used, then 429', async () => {
    const codes = [];
    for (let i = 0; i <= CHAT_RATE_PER_MINUTE; i++)
      codes.push((await chat('10.42.0.1', bearer('x'))).statusCode);
    expect(codes.slice(0, CHAT_RATE_PER_MINUTE).every((code) => code === 401)).toBe(true);
    expect(codes.at(-1)).toBe(429);
    // Anonymous chats from that address share the allowance the junk token used up.
    expect((await chat('10.42.0.1')).statusCode).toBe(429);
  });

  it('does not limit the bot’s verified owner', async () => {
    for (let i = 0; i < CHAT_RATE_PER_MINUTE + 20; i++) {
      expect((await questions('10.43.0.1', bearer(bot.ownerToken))).statusCode).toBe(200);
      expect((await chat('10.43.0.1', bearer(bot.ownerToken))).statusCode).toBe(200);
    }
  });
});

describe('the ceiling on every request from one address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  async function flood(request: () => Promise<LightMyRequestResponse>, expected: number) {
    for (let i = 0; i < REQUESTS_PER_MINUTE; i++) {
      const { statusCode } = await request();
      if (statusCode !== expected) throw new Error(`request ${i + 1}: ${statusCode}, not ${expected}`);
    }
    return request();
  }

  it('answers a flood of 404s with 429, and leaves other addresses alone', async () => {
    const limited = await flood(
      () => t.app.inject({ method: 'GET', url: '/api/no-such-route', remoteAddress: '10.50.0.1' }),
      404,
    );
    expect(limited.statusCode).toBe(429);
    expect(
      (await t.app.inject({ method: 'GET', url: API.health, remoteAddress: '10.50.0.1' })).statusCode,
    ).toBe(429);
    expect(
      (await t.app.inject({ method: 'GET', url: API.health, remoteAddress: '10.50.0.2' })).statusCode,
    ).toBe(200);
  });

  it('answers a flood of 401s with 429', async () => {
    const limited = await flood(
      () => t.app.inject({ method: 'GET', url: API.me, headers: bearer('x'), remoteAddress: '10.51.0.1' }),
      401,
    );
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: API_MSG.tooManyRequests });
  });
});
