export interface FairShare {
  /** Calls at once. */
  limit: number;
  /** Calls at once of one key (a client). */
  perKey: number;
  /** Calls at once of all the keys of a group named here, together (visitors who have not signed in). */
  perGroup?: Record<string, number>;
}

/** Who a call is for: its key, or its key and the group the key belongs to (the same group on every call). */
export type FairCaller = string | { key: string; group?: string };

/**
 * Runs at most `limit` calls of `fn` at once, at most `perKey` of them for one key (a client), and at most
 * `perGroup[group]` for all the keys of a group together, so one client cannot hold every slot, nor can one kind
 * of client. Waiting calls start in turns, each key's in order: a freed slot goes to the waiting key served least
 * recently (one never served, or not since it last had nothing running or waiting, first; then the longest
 * waiting). Document extraction uses it so a burst of uploads can neither start one memory-hungry process each nor
 * keep other visitors waiting behind it, and anonymous uploads cannot keep a signed-in owner's waiting
 * (decision 086).
 */
export function fairConcurrency<A extends unknown[], R>(fn: (...args: A) => Promise<R>, options: FairShare) {
  let running = 0;
  const runningFor = new Map<string, number>();
  const runningIn = new Map<string, number>();
  /** Waiting calls per key; the map's order is the order keys queued in (the older first among equals). */
  const waiting = new Map<string, { group: string | undefined; wake: () => void }[]>();
  /** When each key running or waiting last started a call (a count of starts). */
  const servedAt = new Map<string, number>();
  let starts = 0;

  const add = (counts: Map<string, number>, name: string, by: number) => {
    const count = (counts.get(name) ?? 0) + by;
    if (count === 0) counts.delete(name);
    else counts.set(name, count);
  };
  const groupHasRoom = (group: string | undefined) => {
    const most = group === undefined ? undefined : options.perGroup?.[group];
    return most === undefined || (runningIn.get(group!) ?? 0) < most;
  };
  const canStart = (key: string, group: string | undefined) =>
    running < options.limit && (runningFor.get(key) ?? 0) < options.perKey && groupHasRoom(group);
  const count = (key: string, group: string | undefined, by: 1 | -1) => {
    running += by;
    add(runningFor, key, by);
    if (group !== undefined) add(runningIn, group, by);
    if (by === 1) servedAt.set(key, ++starts);
    else if (!runningFor.has(key) && !waiting.has(key)) servedAt.delete(key);
  };
  /** The waiting key that may start and was served least recently. */
  const nextKey = () => {
    let best: string | undefined;
    for (const [key, queue] of waiting) {
      if (!canStart(key, queue[0]!.group)) continue;
      if (best === undefined || (servedAt.get(key) ?? 0) < (servedAt.get(best) ?? 0)) best = key;
    }
    return best;
  };
  const startNext = () => {
    for (let key = nextKey(); key !== undefined; key = nextKey()) {
      const queue = waiting.get(key)!;
      const next = queue.shift()!;
      // The key goes to the back of the line, or leaves it.
      waiting.delete(key);
      if (queue.length > 0) waiting.set(key, queue);
      count(key, next.group, 1);
      next.wake();
    }
  };

  return async (caller: FairCaller, ...args: A): Promise<R> => {
    const { key, group } = typeof caller === 'string' ? { key: caller, group: undefined } : caller;
    if (!waiting.has(key) && canStart(key, group)) count(key, group, 1);
    else {
      await new Promise<void>((wake) => {
        const queue = waiting.get(key) ?? [];
        queue.push({ group, wake });
        waiting.set(key, queue);
      });
    }
    try {
      return await fn(...args);
    } finally {
      count(key, group, -1);
      startNext();
    }
  };
}
