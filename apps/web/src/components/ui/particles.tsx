import { useEffect, useRef } from 'react';
import styles from './particles.module.css';

interface Particle {
  x: number;
  y: number;
  vx: number;
  vy: number;
  r: number;
  accent: boolean;
}

interface ParticlesProps {
  /** How many particles to draw; may change while mounted. */
  count: number;
  /** Join nearby particles with faint lines. */
  links?: boolean;
  className?: string;
}

const LINK_DISTANCE = 110;

function spawn(width: number, height: number): Particle {
  return {
    x: Math.random() * width,
    y: Math.random() * height,
    vx: (Math.random() - 0.5) * 0.35,
    vy: (Math.random() - 0.5) * 0.35,
    r: 0.6 + Math.random() * 1.6,
    accent: Math.random() < 0.18,
  };
}

/**
 * A decorative canvas of drifting particles that fills its positioned parent. Hidden from assistive
 * technology; it pauses off screen and draws one still frame for prefers-reduced-motion.
 */
export function Particles({ count, links = true, className }: ParticlesProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const countRef = useRef(count);

  useEffect(() => {
    countRef.current = count;
  }, [count]);

  useEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
    const particles: Particle[] = [];
    let width = 0;
    let height = 0;
    let frame = 0;
    // Nothing is drawn until the observers report the canvas's size and that it is on screen: a canvas far
    // below the fold costs nothing while the page loads.
    let visible = false;

    const sync = () => {
      while (particles.length < countRef.current) particles.push(spawn(width, height));
      if (particles.length > countRef.current) particles.length = countRef.current;
    };

    const draw = (move: boolean) => {
      sync();
      ctx.clearRect(0, 0, width, height);
      for (const p of particles) {
        if (move) {
          p.x = (p.x + p.vx + width) % width;
          p.y = (p.y + p.vy + height) % height;
        }
        ctx.beginPath();
        ctx.arc(p.x, p.y, p.r, 0, Math.PI * 2);
        ctx.fillStyle = p.accent ? 'rgba(62, 224, 198, 0.75)' : 'rgba(185, 163, 255, 0.6)';
        ctx.fill();
      }
      if (!links) return;
      ctx.lineWidth = 0.6;
      for (let i = 0; i < particles.length; i++) {
        const a = particles[i]!;
        for (let j = i + 1; j < particles.length; j++) {
          const b = particles[j]!;
          const d = Math.hypot(a.x - b.x, a.y - b.y);
          if (d > LINK_DISTANCE) continue;
          ctx.strokeStyle = `rgba(154, 120, 251, ${(1 - d / LINK_DISTANCE) * 0.22})`;
          ctx.beginPath();
          ctx.moveTo(a.x, a.y);
          ctx.lineTo(b.x, b.y);
          ctx.stroke();
        }
      }
    };

    const loop = () => {
      draw(true);
      frame = requestAnimationFrame(loop);
    };

    const restart = () => {
      cancelAnimationFrame(frame);
      if (width === 0 || !visible) return;
      if (reducedMotion.matches) draw(false);
      else frame = requestAnimationFrame(loop);
    };

    const resize = (size: { width: number; height: number }) => {
      const ratio = Math.min(window.devicePixelRatio || 1, 2);
      const [oldWidth, oldHeight] = [width, height];
      width = Math.max(1, size.width);
      height = Math.max(1, size.height);
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
      ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
      // Keep the particles spread over the new size rather than bunched into a corner.
      for (const p of particles) {
        p.x = oldWidth > 1 ? (p.x / oldWidth) * width : Math.random() * width;
        p.y = oldHeight > 1 ? (p.y / oldHeight) * height : Math.random() * height;
      }
      restart();
    };

    const resizeObserver = new ResizeObserver(([entry]) => {
      if (entry) resize(entry.contentRect);
    });
    resizeObserver.observe(canvas);
    const intersectionObserver = new IntersectionObserver(([entry]) => {
      visible = entry?.isIntersecting ?? true;
      restart();
    });
    intersectionObserver.observe(canvas);
    reducedMotion.addEventListener('change', restart);

    return () => {
      cancelAnimationFrame(frame);
      resizeObserver.disconnect();
      intersectionObserver.disconnect();
      reducedMotion.removeEventListener('change', restart);
    };
  }, [links]);

  return (
    <canvas
      ref={canvasRef}
      aria-hidden="true"
      className={[styles.canvas, className].filter(Boolean).join(' ')}
    />
  );
}
