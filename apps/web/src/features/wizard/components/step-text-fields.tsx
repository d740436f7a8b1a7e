import type { ReactNode } from 'react';
import { BOT_NAME_MAX, WELCOME_MAX } from '@vuxo/shared/limits';
import { ErrorBox } from '../../../components/ui/error-box';
import styles from './steps.module.css';

interface FieldProps {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

export const WELCOME_LABEL = 'Welcome message';
export const BOT_NAME_LABEL = 'Bot name';

/** What the field's control needs to be labelled, described and marked invalid. */
interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string;
}

/** A labelled text field with a length counter, a hint and its error. */
function CountedField(props: {
  id: string;
  label: string;
  hint: string;
  max: number;
  value: string;
  error: string | undefined;
  children: (control: ControlProps) => ReactNode;
}) {
  const { id, value, error, max } = props;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={styles.stack}>
      <div className={styles.field}>
        <div className={styles.labelRow}>
          <label htmlFor={id} className={styles.label}>
            {props.label}
          </label>
          <span id={`${id}-count`} className={styles.counter} data-over={value.length > max || undefined}>
            {value.length}/{max}
          </span>
        </div>
        {props.children({
          id,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': [`${id}-hint`, `${id}-count`, errorId].filter(Boolean).join(' '),
        })}
        <p id={`${id}-hint`} className={styles.hint}>
          {props.hint}
        </p>
      </div>
      {error && <ErrorBox id={errorId} message={error} />}
    </div>
  );
}

/** Step 1: the welcome message, multiline with 4 rows, up to 200 characters. */
export function StepWelcome({ value, error, onChange }: FieldProps) {
  return (
    <CountedField
      id="welcome-message"
      label={WELCOME_LABEL}
      hint="The first thing visitors read when they open the chat."
      max={WELCOME_MAX}
      value={value}
      error={error}
    >
      {(control) => (
        <textarea
          {...control}
          className={styles.textarea}
          rows={4}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </CountedField>
  );
}

/** Step 3: the bot's name, pre-filled with the default name, up to 50 characters. */
export function StepName({ value, error, onChange }: FieldProps) {
  return (
    <CountedField
      id="bot-name"
      label={BOT_NAME_LABEL}
      hint="Letters, numbers, spaces, hyphens and underscores."
      max={BOT_NAME_MAX}
      value={value}
      error={error}
    >
      {(control) => (
        <input
          {...control}
          className={styles.input}
          type="text"
          autoComplete="off"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </CountedField>
  );
}
