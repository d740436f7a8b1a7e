import { useId, type ReactNode } from 'react';
import { AtSign, Mail, MailX } from 'lucide-react';
import { CONTACT_CHOICES, type ContactChoice } from '@vuxo/shared/bot';
import { CONTACT_CHOICE_MSG } from '@vuxo/shared/messages';
import { ChoiceCards, type Choice } from '../../../components/ui/choice-cards';
import { ErrorBox } from '../../../components/ui/error-box';
import { useAuth } from '../../auth';
import styles from './steps.module.css';

const ICONS: Record<ContactChoice, ReactNode> = {
  'sign-in': <Mail />,
  other: <AtSign />,
  none: <MailX />,
};

interface Props {
  choice: ContactChoice;
  email: string;
  error: string | undefined;
  onChoice: (choice: ContactChoice) => void;
  onEmail: (email: string) => void;
}

/**
 * The last step's question (decision 062): which contact the bot gives when it cannot answer. The sign-in email
 * is the default, and the owner is told visitors will see it; signed out, its address is not known yet. The
 * bot's settings and the Share dialog ask it again after creation.
 */
export function StepContact({ choice, email, error, onChoice, onEmail }: Props) {
  const { user } = useAuth();
  const id = useId();
  const choices: Choice<ContactChoice>[] = CONTACT_CHOICES.map((value) => ({
    value,
    label:
      value === 'sign-in'
        ? CONTACT_CHOICE_MSG.signIn(user?.email)
        : value === 'other'
          ? CONTACT_CHOICE_MSG.other
          : CONTACT_CHOICE_MSG.none,
    ...(value === 'none' ? { detail: CONTACT_CHOICE_MSG.noneHint } : {}),
    icon: ICONS[value],
  }));
  const errorId = error ? `${id}-email-error` : undefined;
  return (
    <section className={styles.stack} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={styles.label}>
        {CONTACT_CHOICE_MSG.legend}
      </h3>
      <ChoiceCards
        name={`${id}-contact`}
        labelledBy={`${id}-title`}
        choices={choices}
        value={choice}
        onChange={onChoice}
        columns={1}
      />
      {choice === 'other' && (
        <div className={styles.field}>
          <label htmlFor={`${id}-email`} className={styles.label}>
            {CONTACT_CHOICE_MSG.otherField}
          </label>
          <input
            id={`${id}-email`}
            className={styles.input}
            type="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            aria-invalid={error ? true : undefined}
            aria-describedby={errorId}
            onChange={(event) => onEmail(event.target.value)}
          />
        </div>
      )}
      {error && <ErrorBox id={errorId} message={error} />}
    </section>
  );
}
