import type { FormEvent, ReactNode } from 'react';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { ChoiceCards, type Choice } from '../../components/ui/choice-cards';
import { ErrorBox } from '../../components/ui/error-box';
import styles from './personalize.module.css';

interface Props {
  /** Null on the first step, which has nothing before it. */
  onBack: (() => void) | null;
  onSubmit: () => void;
  submitLabel?: string;
  busy?: boolean;
  error?: string | null;
  children: ReactNode;
}

/** One onboarding step: its fields, then Back and Continue; Continue submits, so Enter works too. */
export function StepForm({
  onBack,
  onSubmit,
  submitLabel = 'Continue',
  busy = false,
  error,
  children,
}: Props) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onSubmit();
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      {children}
      {error && <ErrorBox message={error} />}
      <div className={styles.nav}>
        {onBack && (
          <Button variant="secondary" onClick={onBack} disabled={busy}>
            <ArrowLeft aria-hidden="true" />
            Back
          </Button>
        )}
        <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {submitLabel}
          <ArrowRight aria-hidden="true" />
        </Button>
      </div>
    </form>
  );
}

/** A labelled text field with its error, described for screen readers. */
export function TextField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  ...input
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'>) {
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      <input
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        {...input}
      />
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

/** A titled group of choice cards with its error, described for screen readers. */
export function ChoiceGroup<V extends string>({
  name,
  title,
  error,
  ...cards
}: {
  name: string;
  title: string;
  error?: string | undefined;
  value: V | null;
  onChange: (value: V) => void;
  choices: readonly Choice<V>[];
}) {
  return (
    <div className={styles.group}>
      <p id={`${name}-title`} className={styles.groupTitle}>
        {title}
      </p>
      <ChoiceCards
        name={name}
        labelledBy={`${name}-title`}
        errorId={error ? `${name}-error` : undefined}
        {...cards}
      />
      {error && (
        <p id={`${name}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
