import { useSyncExternalStore } from 'react';

/**
 * Less motion asked for, or a touch screen: a chip that slides away under a finger cannot be tapped, and there is
 * no pointer to pause the loop, so on a phone the strip scrolls by hand (decision 103).
 */
const QUERY = '(prefers-reduced-motion: reduce), (pointer: coarse)';

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia(QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

/** True when the suggestion strip should stand still and scroll by hand: less motion asked for, or a touch screen. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => false,
  );
}
