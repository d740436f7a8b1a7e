import { useId, useState, type ReactElement } from 'react';
import styles from './hint-tooltip.module.css';

interface Props {
  /** The hint; null renders the trigger alone. */
  text: string | null;
  /** The trigger, given the id of the hint for its aria-describedby. */
  children: (describedBy: string | undefined) => ReactElement;
  placement?: 'top' | 'bottom';
  /** Stretch the wrapper to its container's width (for full-width buttons). */
  block?: boolean;
  className?: string;
}

/**
 * A small text hint shown above (or below) its trigger on hover and keyboard focus, and read as the
 * trigger's description. Escape hides it until the pointer or focus leaves (WCAG 1.4.13). Give a
 * disabled trigger aria-disabled rather than disabled, so it can still be hovered and focused.
 */
export function HintTooltip({ text, children, placement = 'top', block = false, className }: Props) {
  const id = useId();
  const [dismissed, setDismissed] = useState(false);
  if (!text) return children(undefined);
  return (
    <span
      className={[styles.wrap, block && styles.block, className].filter(Boolean).join(' ')}
      data-dismissed={dismissed || undefined}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setDismissed(true);
      }}
      onPointerLeave={() => setDismissed(false)}
      onBlur={() => setDismissed(false)}
    >
      {children(id)}
      <span role="tooltip" id={id} className={styles.tip} data-placement={placement}>
        {text}
      </span>
    </span>
  );
}
