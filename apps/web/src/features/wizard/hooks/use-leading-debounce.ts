import { useCallback, useRef } from 'react';

/**
 * Debounces a handler on its leading edge: the first call runs at once, and calls that follow within
 * `waitMs` of the previous call are dropped (a double click on Next moves one step).
 */
export function useLeadingDebounce<A extends unknown[]>(
  handler: (...args: A) => void,
  waitMs: number,
): (...args: A) => void {
  const last = useRef(Number.NEGATIVE_INFINITY);
  return useCallback(
    (...args: A) => {
      const now = performance.now();
      const quiet = now - last.current >= waitMs;
      last.current = now;
      if (quiet) handler(...args);
    },
    [handler, waitMs],
  );
}
