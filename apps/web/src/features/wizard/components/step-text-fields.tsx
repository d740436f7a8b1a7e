import { BOT_NAME_MAX, WELCOME_MAX } from '@vuxo/shared';
import { ErrorBox } from '../../../components/ui/error-box';
import styles from './steps.module.css';

interface FieldProps {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

export const WELCOME_LABEL = 'Welcome message';
export const BOT_NAME_LABEL = 'Bot name';

function Counter({ id, length, max }: { id: string; length: number; max: number }) {
  return (
    <span id={id} className={styles.counter} data-over={length > max || undefined}>
      {length}/{max}
    </span>
  );
}

/** Step 1: the welcome message, multiline with 4 rows, up to 200 characters. */
export function StepWelcome({ value, error, onChange }: FieldProps) {
  const errorId = error ? 'welcome-error' : undefined;
  return (
    <div className={styles.stack}>
      <div className={styles.field}>
        <div className={styles.labelRow}>
          <label htmlFor="welcome-message" className={styles.label}>
            {WELCOME_LABEL}
          </label>
          <Counter id="welcome-count" length={value.length} max={WELCOME_MAX} />
        </div>
        <textarea
          id="welcome-message"
          className={styles.textarea}
          rows={4}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={['welcome-hint', 'welcome-count', errorId].filter(Boolean).join(' ')}
        />
        <p id="welcome-hint" className={styles.hint}>
          The first thing visitors read when they open the chat.
        </p>
      </div>
      {error && <ErrorBox id={errorId} message={error} />}
    </div>
  );
}

/** Step 3: the bot's name, pre-filled with the default name, up to 50 characters. */
export function StepName({ value, error, onChange }: FieldProps) {
  const errorId = error ? 'name-error' : undefined;
  return (
    <div className={styles.stack}>
      <div className={styles.field}>
        <div className={styles.labelRow}>
          <label htmlFor="bot-name" className={styles.label}>
            {BOT_NAME_LABEL}
          </label>
          <Counter id="name-count" length={value.length} max={BOT_NAME_MAX} />
        </div>
        <input
          id="bot-name"
          className={styles.input}
          type="text"
          autoComplete="off"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={['name-hint', 'name-count', errorId].filter(Boolean).join(' ')}
        />
        <p id="name-hint" className={styles.hint}>
          Letters, numbers, spaces, hyphens and underscores.
        </p>
      </div>
      {error && <ErrorBox id={errorId} message={error} />}
    </div>
  );
}
