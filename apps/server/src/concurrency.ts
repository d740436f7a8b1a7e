/**
 * Runs at most `limit` calls of `fn` at once; the rest wait their turn. Document extraction uses it
 * so a burst of uploads cannot start one memory-hungry worker each.
 */
export function limitConcurrency<A extends unknown[], R>(fn: (...args: A) => Promise<R>, limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (...args: A): Promise<R> => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await fn(...args);
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}
