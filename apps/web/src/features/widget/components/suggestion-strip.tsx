import { Component, useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { WIDGET_MSG } from '@vuxo/shared/messages';
import { CHIP_SECONDS, CHIP_WIDTH_PX } from '../../../ui-tuning';
import { useReducedMotion } from '../hooks/use-reduced-motion';
import styles from './chat.module.css';

/** Enough chips in one loop to fill the widest panel, so the loop never shows a gap. */
const MIN_LOOP_CHIPS = 5;
/** The space between chips (the track's gap, --space-2). */
const CHIP_GAP_PX = 8;

/** The strip's width once laid out (null before, or where nothing measures it). */
function useWidth(element: HTMLElement | null): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? null));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

interface StripProps {
  questions: string[];
  /** The suggestions' own error (attempt n of 3, or the maximum); shown in place of the chips. */
  error: string | null;
  disabled: boolean;
  onPick: (question: string) => void;
}

/**
 * The suggested questions: a strip of chips that loops, about 180 px and 5 s per chip, pausing under the pointer or
 * keyboard focus, when they do not all fit; they stand still when they fit, and with reduced motion or on a touch
 * screen, where each chip shows its whole question and the strip scrolls by hand (decisions 103 and 107). The
 * loop's copies are hidden from assistive technology and the keyboard: each question is read once. While empty it
 * reads 'Generating suggested questions...'. Clicking a chip sends that question.
 */
export function SuggestionStrip({ questions, error, disabled, onPick }: StripProps) {
  const reduced = useReducedMotion();
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const width = useWidth(element);
  if (questions.length === 0) {
    return (
      <p className={styles.stripEmpty} role="status">
        {error ?? WIDGET_MSG.generatingSuggestions}
      </p>
    );
  }
  let loop = questions;
  while (loop.length < MIN_LOOP_CHIPS) loop = [...loop, ...questions];
  const chip = (question: string, index: number, copy: boolean) => (
    <li
      key={`${copy ? 'b' : 'a'}${index}`}
      className={styles.chipItem}
      aria-hidden={copy || undefined}
      inert={copy || undefined}
    >
      <button
        type="button"
        className={styles.chip}
        title={question}
        disabled={disabled}
        tabIndex={copy ? -1 : undefined}
        onClick={() => onPick(question)}
      >
        <span className={styles.chipText}>{question}</span>
      </button>
    </li>
  );
  const fits = width !== null && questions.length * (CHIP_WIDTH_PX + CHIP_GAP_PX) <= width;
  // Until the strip is measured it stands still: a few chips never flash their loop's copies.
  if (reduced || fits || width === null) {
    return (
      <div
        ref={setElement}
        className={styles.strip}
        role="group"
        aria-label="Suggested questions"
        data-static=""
        data-whole={reduced ? '' : undefined}
      >
        <ul className={styles.track}>{questions.map((q, i) => chip(q, i, false))}</ul>
      </div>
    );
  }
  // The first copy holds each question once (what assistive technology reads); the rest only fill the loop.
  const style = {
    '--chip-width': `${CHIP_WIDTH_PX}px`,
    '--loop-duration': `${loop.length * CHIP_SECONDS}s`,
  } as CSSProperties;
  return (
    <div
      ref={setElement}
      className={styles.strip}
      role="group"
      aria-label="Suggested questions"
      style={style}
    >
      <ul className={`${styles.track} ${styles.looping}`}>
        {loop.map((q, i) => chip(q, i, i >= questions.length))}
        {loop.map((q, i) => chip(q, i + loop.length, true))}
      </ul>
    </div>
  );
}

interface BoundaryProps {
  email: string;
  children: ReactNode;
}

/**
 * If the strip crashes, a fallback box reads 'Something went wrong. Please try again or contact {email}.'
 * with a Retry button. Retry draws the strip again.
 */
export class SuggestionBoundary extends Component<BoundaryProps, { crashed: boolean }> {
  override state = { crashed: false };

  static getDerivedStateFromError(): { crashed: boolean } {
    return { crashed: true };
  }

  override render() {
    if (!this.state.crashed) return this.props.children;
    return <StripFallback email={this.props.email} onRetry={() => this.setState({ crashed: false })} />;
  }
}

function StripFallback({ email, onRetry }: { email: string; onRetry: () => void }) {
  const [pressed, setPressed] = useState(false);
  return (
    <div className={styles.stripFallback} role="alert">
      <p>{WIDGET_MSG.stripCrashed(email)}</p>
      <button
        type="button"
        className={styles.smallButton}
        disabled={pressed}
        onClick={() => {
          setPressed(true);
          onRetry();
        }}
      >
        Retry
      </button>
    </div>
  );
}
