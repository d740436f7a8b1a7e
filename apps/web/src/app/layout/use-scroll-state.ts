import { useCallback, useEffect, useState } from 'react';
import { SCROLL_THRESHOLD_PX, SCROLL_THROTTLE_MS } from '../../ui-tuning';
import { throttle } from './throttle';

export interface ScrollState {
  /** Past the scroll threshold: the navbar switches to its scrolled background. */
  scrolled: boolean;
  /** The top bar collapses while scrolling down and comes back on scrolling up or near the top. */
  topBarHidden: boolean;
}

function next(prev: ScrollState, y: number, direction: 'up' | 'down' | null): ScrollState {
  const nearTop = y <= SCROLL_THRESHOLD_PX;
  const topBarHidden = nearTop
    ? false
    : direction === 'down'
      ? true
      : direction === 'up'
        ? false
        : prev.topBarHidden;
  const scrolled = !nearTop;
  return prev.scrolled === scrolled && prev.topBarHidden === topBarHidden ? prev : { scrolled, topBarHidden };
}

/** Window scroll state for the top bar and navbar, throttled to 100 ms. */
export function useScrollState(): ScrollState & { revealTopBar: () => void } {
  // At the top until mounted, as a prerendered page shows it; then the window's real position.
  const [state, setState] = useState<ScrollState>({ scrolled: false, topBarHidden: false });

  useEffect(() => {
    let lastY = Math.max(0, window.scrollY);
    const update = throttle(() => {
      const y = Math.max(0, window.scrollY);
      const direction = y > lastY ? 'down' : y < lastY ? 'up' : null;
      lastY = y;
      setState((prev) => next(prev, y, direction));
    }, SCROLL_THROTTLE_MS);
    window.addEventListener('scroll', update, { passive: true });
    update();
    return () => {
      window.removeEventListener('scroll', update);
      update.cancel();
    };
  }, []);

  const revealTopBar = useCallback(
    () => setState((prev) => (prev.topBarHidden ? { ...prev, topBarHidden: false } : prev)),
    [],
  );
  return { ...state, revealTopBar };
}
