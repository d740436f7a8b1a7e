import type { Redis } from 'ioredis';
import { localListeners, type LiveHub } from '../../services/live/live-hub.js';

/**
 * The live hub of a scaled setup (decision 115): every process publishes to one Redis channel and subscribes to
 * it once, and hands each message to its own listeners by key. Redis's pub/sub channels are shared by every
 * database number, so the channel carries the configured key prefix. After the subscriber reconnects, every
 * stream reads again from the database what it may have missed meanwhile.
 */
export async function redisLiveHub(redis: Redis, prefix: string): Promise<LiveHub> {
  const channel = `${prefix}live`;
  const local = localListeners();
  // Pub/sub needs a connection of its own; neither connection prefixes the channel by itself.
  const subscriber = redis.duplicate({ keyPrefix: '', enableOfflineQueue: true });
  const publisher = redis.duplicate({ keyPrefix: '', enableOfflineQueue: true });
  let connectedBefore = false;
  subscriber.on('ready', () => {
    if (connectedBefore) local.resyncAll();
    connectedBefore = true;
  });
  subscriber.on('error', () => undefined);
  publisher.on('error', () => undefined);
  subscriber.on('message', (from: string, message: string) => {
    if (from !== channel) return;
    const cut = message.indexOf('\n');
    if (cut > 0) local.deliver(message.slice(0, cut), message.slice(cut + 1));
  });
  // Subscribed before the first stream opens: an event published after a stream's read is never missed.
  await subscriber.subscribe(channel);
  return {
    publish(key, payload) {
      void publisher.publish(channel, `${key}\n${payload}`).catch(() => undefined);
    },
    subscribe: local.add,
    listeners: local.count,
    async close() {
      await Promise.all(
        [subscriber, publisher].map((client) => client.quit().catch(() => client.disconnect())),
      );
    },
  };
}
