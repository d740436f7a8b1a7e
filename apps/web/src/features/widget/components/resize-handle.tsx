import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import type { PanelSize } from '../hooks/use-panel-size';
import styles from '../embed-page.module.css';

const STEP = 20;

interface Props {
  size: PanelSize;
  onResize: (width: number, height: number) => void;
  onDone: (size: PanelSize) => void;
}

/**
 * The bottom-left drag handle: by mouse or touch (pointer events with capture),
 * or by the arrow keys. The panel is anchored at the bottom right, so moving left widens it and moving up
 * makes it taller; the size is clamped to 300-800 by 400-800.
 */
export function ResizeHandle({ size, onResize, onDone }: Props) {
  const drag = useRef<{ x: number; y: number; width: number; height: number; last: PanelSize } | null>(null);

  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, y: event.clientY, ...size, last: size };
  };

  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    const start = drag.current;
    if (!start) return;
    const width = start.width + (start.x - event.clientX);
    const height = start.height + (start.y - event.clientY);
    start.last = { width, height };
    onResize(width, height);
  };

  const onPointerEnd = (event: PointerEvent<HTMLButtonElement>) => {
    const start = drag.current;
    if (!start) return;
    drag.current = null;
    if (event.currentTarget.hasPointerCapture(event.pointerId)) {
      event.currentTarget.releasePointerCapture(event.pointerId);
    }
    onDone(start.last);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const delta: Record<string, [number, number]> = {
      ArrowLeft: [STEP, 0],
      ArrowRight: [-STEP, 0],
      ArrowUp: [0, STEP],
      ArrowDown: [0, -STEP],
    };
    const change = delta[event.key];
    if (!change) return;
    event.preventDefault();
    const next = { width: size.width + change[0], height: size.height + change[1] };
    onResize(next.width, next.height);
    onDone(next);
  };

  return (
    <button
      type="button"
      className={styles.resize}
      aria-label="Resize chat window"
      title="Drag to resize (or use the arrow keys)"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      onKeyDown={onKeyDown}
    >
      <svg viewBox="0 0 12 12" aria-hidden="true" focusable="false">
        <path d="M1 3 9 11M1 7l4 4" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
      </svg>
    </button>
  );
}
