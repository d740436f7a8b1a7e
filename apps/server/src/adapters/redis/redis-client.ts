import { Redis } from 'ioredis';

/**
 * The shared Redis of a scaled setup (REDIS_URL): per-minute limits and daily message counts, so every
 * server process counts the same way. A command fails fast when Redis is away (one retry, no queue of
 * commands waiting for it, none sent again after a reconnect), and the client reconnects by itself when it
 * is back.
 */
export function redisClient(url: string, options: { keyPrefix?: string } = {}): Redis {
  return new Redis(url, {
    keyPrefix: options.keyPrefix ?? 'vuxo:',
    connectTimeout: 2_000,
    commandTimeout: 1_000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    // A command whose connection dropped before its reply may have run: sent again after the reconnect, a
    // daily count or a rate limit would be counted twice. It fails instead (a 503), and is never sent again.
    autoResendUnfulfilledCommands: false,
    lazyConnect: false,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
}

/** Waits until the client is connected (start-up), or fails after `timeoutMs`. */
export async function whenReady(redis: Redis, timeoutMs = 5_000): Promise<void> {
  if (redis.status === 'ready') return;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`Redis did not answer within ${timeoutMs} ms`));
    }, timeoutMs);
    const onReady = () => {
      cleanup();
      resolve();
    };
    const cleanup = () => {
      clearTimeout(timer);
      redis.off('ready', onReady);
    };
    redis.on('ready', onReady);
  });
}
