import { useState, type FormEvent } from 'react';
import { Loader2 } from 'lucide-react';
import type { ContactChoice } from '@vuxo/shared/bot';
import { CONTACT_MSG } from '@vuxo/shared/messages';
import { updateBotSettingsRequestSchema } from '@vuxo/shared/schemas';
import { Button } from '../../../components/ui/button';
import { useAuth } from '../../auth';
import { errorMessage } from '../../../app/api-client';
import { StepContact } from '../../wizard';
import { updateBotSettings } from '../api/update-bot-settings';
import styles from './bot-contact-form.module.css';

/** The contact as chosen: the choice, and the address visitors are given (null for none). */
export interface ContactSaved {
  contactChoice: ContactChoice;
  contactEmail: string | null;
}

/** The address the dashboard lists for a choice: the sign-in email, the other address, or none. */
export function listedContact(
  choice: ContactChoice,
  address: string,
  signInEmail: string | null | undefined,
) {
  if (choice === 'none') return null;
  return choice === 'other' ? address : (signInEmail ?? null);
}

/** The request's contact fields: the address only with the choice that uses it. */
export function contactFields(choice: ContactChoice, address: string) {
  return { contactChoice: choice, ...(choice === 'other' ? { contactEmail: address } : {}) };
}

interface Props {
  botId: string;
  /** The choice as it stands. */
  initialChoice: ContactChoice;
  /** The 'other' choice's address as it stands ('' with the other choices). */
  initialEmail: string;
  /** The contact was saved (the address trimmed, as stored). */
  onSaved?: (saved: ContactSaved) => void;
  className?: string;
}

type Status =
  { kind: 'idle' | 'saving' } | { kind: 'saved'; none: boolean } | { kind: 'error'; message: string };

/**
 * The bot's contact for questions it cannot answer, asked as the wizard asks it (decision 062): the sign-in
 * email, another address or none. In the wizard's summary and the Share dialog; checked with the API's schema.
 */
export function BotContactForm({ botId, initialChoice, initialEmail, onSaved, className }: Props) {
  const { getIdToken, user } = useAuth();
  const [choice, setChoice] = useState(initialChoice);
  const [email, setEmail] = useState(initialEmail);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const edited = () => {
    setFieldError(undefined);
    if (status.kind === 'saved' || status.kind === 'error') setStatus({ kind: 'idle' });
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = updateBotSettingsRequestSchema.safeParse({ botId, ...contactFields(choice, email) });
    if (!parsed.success) return setFieldError(parsed.error.issues[0]?.message ?? CONTACT_MSG.invalid);
    setStatus({ kind: 'saving' });
    try {
      await updateBotSettings(getIdToken, parsed.data);
      const address = parsed.data.contactEmail ?? '';
      if (choice === 'other') setEmail(address);
      setStatus({ kind: 'saved', none: choice === 'none' });
      onSaved?.({ contactChoice: choice, contactEmail: listedContact(choice, address, user?.email) });
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
      <StepContact
        choice={choice}
        email={email}
        error={fieldError}
        onChoice={(value) => {
          setChoice(value);
          edited();
        }}
        onEmail={(value) => {
          setEmail(value);
          edited();
        }}
      />
      <div className={styles.row}>
        <Button type="submit" size="sm" disabled={status.kind === 'saving'} className={styles.save}>
          {status.kind === 'saving' && <Loader2 aria-hidden="true" className={styles.spinner} />}
          {CONTACT_MSG.save}
        </Button>
      </div>
      <p className={styles.status} data-tone={status.kind} role="status">
        {status.kind === 'saved' && (status.none ? CONTACT_MSG.savedNone : CONTACT_MSG.saved)}
        {status.kind === 'error' && status.message}
      </p>
    </form>
  );
}
