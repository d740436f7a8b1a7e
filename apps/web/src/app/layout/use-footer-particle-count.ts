import { useSyncExternalStore } from 'react';
import { FOOTER_PARTICLES, SCROLL_THROTTLE_MS } from '../../ui-tuning';
import { throttle } from './throttle';

/** 80 particles at the top of the page, growing to 120 as the visitor scrolls to the bottom. */
function particleCount(): number {
  const scrollable = document.documentElement.scrollHeight - window.innerHeight;
  const progress = scrollable > 0 ? Math.min(1, Math.max(0, window.scrollY / scrollable)) : 1;
  return FOOTER_PARTICLES.min + Math.round((FOOTER_PARTICLES.max - FOOTER_PARTICLES.min) * progress);
}

function subscribe(onChange: () => void): () => void {
  const update = throttle(onChange, SCROLL_THROTTLE_MS);
  window.addEventListener('scroll', update, { passive: true });
  window.addEventListener('resize', update);
  return () => {
    window.removeEventListener('scroll', update);
    window.removeEventListener('resize', update);
    update.cancel();
  };
}

export function useFooterParticleCount(): number {
  return useSyncExternalStore(subscribe, particleCount, () => FOOTER_PARTICLES.min);
}
