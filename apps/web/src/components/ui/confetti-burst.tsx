import { useEffect, useRef } from 'react';
import confetti from 'canvas-confetti';
import styles from './confetti-burst.module.css';

const COLORS = ['#7c4df0', '#9a78fb', '#3ee0c6', '#ffd166', '#ff6b9a', '#ffffff'];
/** canvas-confetti advances one tick per frame: about 60 a second. */
const TICKS_PER_SECOND = 60;

export function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

interface Props {
  /** How many pieces in all. */
  pieces: number;
  /** How long the confetti shows before it is cleared. */
  durationMs: number;
}

/**
 * A celebratory burst of confetti from both sides of the screen, cleared after `durationMs`. Nothing is
 * drawn when the user prefers reduced motion.
 */
export function ConfettiBurst({ pieces, durationMs }: Props) {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || prefersReducedMotion()) return;
    const fire = confetti.create(canvas, { resize: true, useWorker: false, disableForReducedMotion: true });
    const left = Math.ceil(pieces / 2);
    const shared = {
      spread: 70,
      startVelocity: 55,
      ticks: Math.round((durationMs / 1000) * TICKS_PER_SECOND),
      colors: COLORS,
      disableForReducedMotion: true,
    };
    void fire({ ...shared, particleCount: left, angle: 60, origin: { x: 0, y: 0.7 } });
    void fire({ ...shared, particleCount: pieces - left, angle: 120, origin: { x: 1, y: 0.7 } });
    const timer = setTimeout(() => fire.reset(), durationMs);
    return () => {
      clearTimeout(timer);
      fire.reset();
    };
  }, [pieces, durationMs]);

  return (
    <canvas ref={canvasRef} className={styles.canvas} aria-hidden="true" data-confetti-pieces={pieces} />
  );
}
