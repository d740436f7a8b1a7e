import { useId, useState, type FormEvent } from 'react';
import { Loader2 } from 'lucide-react';
import { CONTACT_MSG } from '@vuxo/shared/messages';
import { contactEmailSchema } from '@vuxo/shared/schemas';
import { Button } from '../../../components/ui/button';
import { useAuth } from '../../auth';
import { errorMessage } from '../../../app/api-client';
import { updateBotSettings } from '../api/update-bot-settings';
import styles from './bot-contact-form.module.css';

interface Props {
  botId: string;
  /** The contact as it stands: the one the owner set, else their sign-in email. */
  initialEmail: string;
  /** The contact was saved (trimmed, as stored). */
  onSaved?: (contactEmail: string) => void;
  className?: string;
}

type Status = { kind: 'idle' | 'saving' | 'saved' } | { kind: 'error'; message: string };

/**
 * The bot's contact for questions it cannot answer: where its declines send
 * visitors. In the wizard's summary and the Share dialog; checked with the API's own schema first.
 */
export function BotContactForm({ botId, initialEmail, onSaved, className }: Props) {
  const { getIdToken } = useAuth();
  const id = useId();
  const [value, setValue] = useState(initialEmail);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = contactEmailSchema.safeParse(value);
    if (!parsed.success) {
      return setStatus({ kind: 'error', message: parsed.error.issues[0]?.message ?? CONTACT_MSG.invalid });
    }
    setStatus({ kind: 'saving' });
    try {
      await updateBotSettings(getIdToken, { botId, contactEmail: parsed.data });
      setValue(parsed.data);
      setStatus({ kind: 'saved' });
      onSaved?.(parsed.data);
    } catch (failure) {
      setStatus({ kind: 'error', message: CONTACT_MSG.saveFailed(errorMessage(failure)) });
    }
  };

  return (
    <form
      className={[styles.form, className].filter(Boolean).join(' ')}
      onSubmit={(event) => void save(event)}
      noValidate
    >
      <label htmlFor={id} className={styles.label}>
        {CONTACT_MSG.label}
      </label>
      <p id={`${id}-hint`} className={styles.hint}>
        {CONTACT_MSG.hint}
      </p>
      <div className={styles.row}>
        <input
          id={id}
          type="email"
          className={styles.input}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            if (status.kind === 'saved' || status.kind === 'error') setStatus({ kind: 'idle' });
          }}
          autoComplete="email"
          spellCheck={false}
          autoCapitalize="none"
          autoCorrect="off"
          placeholder="help@yourbusiness.com"
          aria-invalid={status.kind === 'error' || undefined}
          aria-describedby={`${id}-hint ${id}-status`}
        />
        <Button type="submit" size="sm" disabled={status.kind === 'saving'} className={styles.save}>
          {status.kind === 'saving' && <Loader2 aria-hidden="true" className={styles.spinner} />}
          {CONTACT_MSG.save}
        </Button>
      </div>
      <p id={`${id}-status`} className={styles.status} data-tone={status.kind} role="status">
        {status.kind === 'saved' && CONTACT_MSG.saved}
        {status.kind === 'error' && status.message}
      </p>
    </form>
  );
}
