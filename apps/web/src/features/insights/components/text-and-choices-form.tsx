import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import styles from '../insights-page.module.css';

/** What the form asks: one line of text (a name, an address) and at least one of a set of choices. */
export interface TextAndChoices<C extends string> {
  text: { label: string; placeholder: string; maxLength: number; type?: 'text' | 'url'; missing: string };
  choices: {
    legend: string;
    options: readonly C[];
    labelOf: (choice: C) => ReactNode;
    initial: C[];
    missing: string;
  };
  submit: { label: string; busy: string };
}

/** The form that makes an API key or a webhook: the text and the choices checked here, the server's refusal shown. */
export function TextAndChoicesForm<C extends string, R>(
  props: TextAndChoices<C> & {
    onSubmit: (text: string, chosen: C[]) => Promise<R>;
    onDone: (result: R) => void;
  },
) {
  const id = useId();
  const { text, choices, submit } = props;
  const [value, setValue] = useState('');
  const [chosen, setChosen] = useState<C[]>(choices.initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = value.trim();
    if (!trimmed) return setError(text.missing);
    if (chosen.length === 0) return setError(choices.missing);
    setError(null);
    setBusy(true);
    try {
      const result = await props.onSubmit(trimmed, chosen);
      setValue('');
      props.onDone(result);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const toggle = (choice: C, on: boolean) =>
    setChosen((current) => (on ? [...current, choice] : current.filter((c) => c !== choice)));

  return (
    <form className={styles.form} onSubmit={(event) => void send(event)} noValidate>
      <label htmlFor={`${id}-text`}>{text.label}</label>
      <input
        id={`${id}-text`}
        type={text.type ?? 'text'}
        value={value}
        placeholder={text.placeholder}
        maxLength={text.maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => setValue(event.target.value)}
      />
      <fieldset className={styles.choice}>
        <legend>{choices.legend}</legend>
        {choices.options.map((choice) => (
          <label key={choice}>
            <input
              type="checkbox"
              checked={chosen.includes(choice)}
              onChange={(event) => toggle(choice, event.target.checked)}
            />
            {choices.labelOf(choice)}
          </label>
        ))}
      </fieldset>
      {error && (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      )}
      <Button type="submit" size="sm" disabled={busy}>
        {busy ? submit.busy : submit.label}
      </Button>
    </form>
  );
}
