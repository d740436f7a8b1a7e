/**
 * Runs at most `limit` calls of `fn` at once, and at most `perKey` of them for one key (a client's address), so one
 * client cannot hold every slot; waiting calls start in turns, one key after another, each key's in order. Document
 * extraction uses it so a burst of uploads can neither start one memory-hungry process each nor keep other
 * visitors waiting behind it.
 */
export function fairConcurrency<A extends unknown[], R>(
  fn: (...args: A) => Promise<R>,
  options: { limit: number; perKey: number },
) {
  let running = 0;
  const runningFor = new Map<string, number>();
  /** Waiting calls per key; the map's order is the order keys take their turns in. */
  const waiting = new Map<string, (() => void)[]>();

  const canStart = (key: string) => running < options.limit && (runningFor.get(key) ?? 0) < options.perKey;
  const start = (key: string) => {
    running += 1;
    runningFor.set(key, (runningFor.get(key) ?? 0) + 1);
  };
  const finish = (key: string) => {
    running -= 1;
    const left = (runningFor.get(key) ?? 1) - 1;
    if (left === 0) runningFor.delete(key);
    else runningFor.set(key, left);
  };
  const startNext = () => {
    for (const [key, queue] of waiting) {
      if (running >= options.limit) return;
      if (!canStart(key)) continue;
      const wake = queue.shift()!;
      // The key goes to the back of the line, or leaves it.
      waiting.delete(key);
      if (queue.length > 0) waiting.set(key, queue);
      start(key);
      wake();
    }
  };

  return async (key: string, ...args: A): Promise<R> => {
    if (!waiting.has(key) && canStart(key)) start(key);
    else {
      await new Promise<void>((resolve) => {
        const queue = waiting.get(key) ?? [];
        queue.push(resolve);
        waiting.set(key, queue);
      });
    }
    try {
      return await fn(...args);
    } finally {
      finish(key);
      startNext();
    }
  };
}
