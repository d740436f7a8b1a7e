/**
 * Where a live conversation's events go out to its open streams (decision 115): keyed channels, one per
 * conversation (`c:<bot>:<conversation>`) and one per bot for its owner's Live view (`b:<bot>`). In one process
 * they are delivered in process; scaled out (adapters/redis/redis-live-hub.ts) they go through Redis pub/sub, so a
 * visitor's stream on one process hears an owner's reply written on another. An event is stored before it is
 * published: a stream that missed one (Redis reconnecting) reads it again from the database on `null` (resync).
 */
export type LiveListener = (payload: string | null) => void;

export interface LiveHub {
  publish(key: string, payload: string): void;
  /** Listens to one channel; returns the function that stops listening. */
  subscribe(key: string, listener: LiveListener): () => void;
  /** Open subscriptions in this process (the benchmark's count). */
  listeners(): number;
  close(): Promise<void>;
}

export const conversationChannel = (botId: string, conversationId: string) => `c:${botId}:${conversationId}`;
export const botChannel = (botId: string) => `b:${botId}`;

/** The local half every hub shares: listeners by key. */
export function localListeners() {
  const byKey = new Map<string, Set<LiveListener>>();
  let count = 0;
  return {
    deliver(key: string, payload: string | null): void {
      for (const listener of byKey.get(key) ?? []) listener(payload);
    },
    /** Every listener, told to read again what it may have missed. */
    resyncAll(): void {
      for (const listeners of byKey.values()) for (const listener of listeners) listener(null);
    },
    add(key: string, listener: LiveListener): () => void {
      let set = byKey.get(key);
      if (!set) byKey.set(key, (set = new Set()));
      set.add(listener);
      count += 1;
      return () => {
        if (!set.delete(listener)) return;
        count -= 1;
        if (set.size === 0) byKey.delete(key);
      };
    },
    count: () => count,
  };
}

/** One process: events are delivered in process, after the publisher's current work. */
export function inProcessLiveHub(): LiveHub {
  const local = localListeners();
  return {
    publish: (key, payload) => queueMicrotask(() => local.deliver(key, payload)),
    subscribe: local.add,
    listeners: local.count,
    close: async () => undefined,
  };
}
