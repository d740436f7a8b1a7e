import { randomBytes } from 'node:crypto';
import { redisClient, whenReady } from '../../src/adapters/redis/redis-client.js';
import { redisChatUsage } from '../../src/adapters/redis/redis-chat-usage.js';

const redisUrl = process.env.TEST_REDIS_URL;

/** The daily counts of a scaled setup: the same contract as chat_usage, atomic in Redis. */
describe.runIf(redisUrl)('daily message counts in Redis', () => {
  const redis = redisClient(redisUrl!, { keyPrefix: `test-${randomBytes(6).toString('hex')}:` });
  const usage = redisChatUsage(redis);
  beforeAll(() => whenReady(redis));
  afterAll(() => redis.quit());

  it('lets exactly the allowance through when many messages race for the last ones', async () => {
    const limits = [
      { key: 'v:visitor', max: 10 },
      { key: 'n:network', max: 100 },
    ];
    const results = await Promise.all(Array.from({ length: 40 }, () => usage.consume('bot_race', limits)));
    expect(results.filter((r) => r.counted)).toHaveLength(10);
    const refused = results.find((r) => !r.counted);
    expect(refused).toEqual({ counted: false, full: ['v:visitor'] });
    // A refused message counted nowhere, the network's count included.
    expect(await usage.peek('bot_race', ['v:visitor', 'n:network', 'a:unknown'])).toEqual(
      new Map([
        ['v:visitor', 10],
        ['n:network', 10],
      ]),
    );
  });

  it('gives a message back, never below zero, and keeps each bot and day apart', async () => {
    const limits = [{ key: 'v:one', max: 3 }];
    expect(await usage.consume('bot_a', limits, '2026-11-24')).toEqual({
      counted: true,
      counts: new Map([['v:one', 1]]),
    });
    await usage.consume('bot_a', limits, '2026-11-25');
    await usage.refund('bot_a', ['v:one', 'v:never'], '2026-11-25');
    await usage.refund('bot_a', ['v:one'], '2026-11-25');
    expect(await usage.peek('bot_a', ['v:one'], '2026-11-25')).toEqual(new Map([['v:one', 0]]));
    expect(await usage.peek('bot_a', ['v:one'], '2026-11-24')).toEqual(new Map([['v:one', 1]]));
    expect(await usage.peek('bot_b', ['v:one'], '2026-11-24')).toEqual(new Map());
  });

  it('lets the counts expire after two days', async () => {
    await usage.consume('bot_ttl', [{ key: 'v:ttl', max: 5 }], '2026-11-25');
    const ttl = await redis.ttl('usage:{bot_ttl}:2026-11-25:v:ttl');
    expect(ttl).toBeGreaterThan(2 * 24 * 3600 - 60);
    expect(ttl).toBeLessThanOrEqual(2 * 24 * 3600);
  });
});
