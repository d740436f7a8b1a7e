import type { Redis } from 'ioredis';
import { usageDay, type Consumed, type KeyLimit } from '../../services/chat-usage.js';

/** Counts live a little past their day, then Redis forgets them. */
const TTL_SECONDS = 2 * 24 * 60 * 60;

/**
 * Counts one message against every key if each is under its maximum, else none: one script, so concurrent
 * messages on any process can never both take the last one. Returns {1, count…} or {0, index of each full key…}.
 */
const CONSUME = `
local full = {}
for i, key in ipairs(KEYS) do
  if tonumber(redis.call('GET', key) or '0') >= tonumber(ARGV[i + 1]) then full[#full + 1] = i end
end
if #full > 0 then
  table.insert(full, 1, 0)
  return full
end
local counts = {1}
for _, key in ipairs(KEYS) do
  local count = redis.call('INCR', key)
  if count == 1 then redis.call('EXPIRE', key, ARGV[1]) end
  counts[#counts + 1] = count
end
return counts`;

const REFUND = `
for _, key in ipairs(KEYS) do
  if tonumber(redis.call('GET', key) or '0') > 0 then redis.call('DECR', key) end
end
return 0`;

/** The daily message counts of chat-usage.ts, kept in Redis: the same contract, shared by every process. */
export function redisChatUsage(redis: Redis) {
  // The bot id as a hash tag keeps a message's keys in one slot of a Redis Cluster.
  const counter = (botId: string, day: string, key: string) => `usage:{${botId}}:${day}:${key}`;

  return {
    async consume(botId: string, limits: readonly KeyLimit[], day = usageDay()): Promise<Consumed> {
      if (limits.length === 0) return { counted: true, counts: new Map() };
      const keys = limits.map(({ key }) => counter(botId, day, key));
      const reply = (await redis.eval(
        CONSUME,
        keys.length,
        ...keys,
        TTL_SECONDS,
        ...limits.map(({ max }) => max),
      )) as number[];
      if (reply[0] === 1) {
        return { counted: true, counts: new Map(limits.map(({ key }, i) => [key, Number(reply[i + 1])])) };
      }
      return { counted: false, full: reply.slice(1).map((index) => limits[Number(index) - 1]!.key) };
    },

    async peek(botId: string, keys: readonly string[], day = usageDay()): Promise<Map<string, number>> {
      if (keys.length === 0) return new Map();
      const values = await redis.mget(...keys.map((key) => counter(botId, day, key)));
      const counts = new Map<string, number>();
      keys.forEach((key, i) => {
        if (values[i] !== null && values[i] !== undefined) counts.set(key, Number(values[i]));
      });
      return counts;
    },

    async refund(botId: string, keys: readonly string[], day = usageDay()): Promise<void> {
      if (keys.length === 0) return;
      const counters = keys.map((key) => counter(botId, day, key));
      await redis.eval(REFUND, counters.length, ...counters);
    },
  };
}
