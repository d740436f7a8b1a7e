import type { ReactNode } from 'react';
import { Check } from 'lucide-react';
import styles from './choice-cards.module.css';

export interface Choice<V extends string> {
  value: V;
  label: string;
  detail?: string;
  badge?: string;
  icon?: ReactNode;
}

interface Props<V extends string> {
  name: string;
  /** The id of the heading that names the group. */
  labelledBy: string;
  choices: readonly Choice<V>[];
  value: V | null;
  onChange: (value: V) => void;
  /** The id of the error that describes the group, when there is one. */
  errorId?: string;
  columns?: 1 | 2 | 4;
}

/** A radio group drawn as cards: native radios, so arrow keys move between choices. */
export function ChoiceCards<V extends string>({
  name,
  labelledBy,
  choices,
  value,
  onChange,
  errorId,
  columns = 2,
}: Props<V>) {
  return (
    <div
      role="radiogroup"
      aria-labelledby={labelledBy}
      aria-describedby={errorId}
      aria-invalid={errorId ? true : undefined}
      className={styles.group}
      data-columns={columns}
    >
      {choices.map((choice) => {
        const id = `${name}-${choice.value}`;
        const checked = value === choice.value;
        return (
          <label key={choice.value} htmlFor={id} className={styles.card} data-checked={checked || undefined}>
            <input
              id={id}
              type="radio"
              name={name}
              value={choice.value}
              checked={checked}
              onChange={() => onChange(choice.value)}
              className={styles.input}
              aria-describedby={choice.detail || choice.badge ? `${id}-detail` : undefined}
            />
            {choice.icon && (
              <span className={styles.icon} aria-hidden="true">
                {choice.icon}
              </span>
            )}
            <span className={styles.text}>
              <span className={styles.label}>{choice.label}</span>
              {(choice.detail || choice.badge) && (
                <span id={`${id}-detail`} className={styles.detailRow}>
                  {choice.detail && <span className={styles.detail}>{choice.detail}</span>}
                  {choice.badge && <span className={styles.badge}>{choice.badge}</span>}
                </span>
              )}
            </span>
            <span className={styles.mark} aria-hidden="true">
              <Check />
            </span>
          </label>
        );
      })}
    </div>
  );
}
