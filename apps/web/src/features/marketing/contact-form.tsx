import { useState, useSyncExternalStore, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Send } from 'lucide-react';
import { API } from '@vuxo/shared/api';
import { contactFormProblems, type ContactFormField, type ContactFormInput } from '@vuxo/shared/contact-form';
import { CONTACT_FORM_MAX } from '@vuxo/shared/limits';
import { CONTACT_FORM_MSG } from '@vuxo/shared/messages';
import { errorMessage, requestApi } from '../../app/api-client';
import { Button } from '../../components/ui/button';
import { ErrorBox } from '../../components/ui/error-box';
import styles from './contact-form.module.css';

/** What the visitor typed; a null subject is the one the link asked for. */
type Edits = Omit<ContactFormInput, 'subject'> & { subject: string | null };
const EMPTY: Edits = { name: '', email: '', company: '', subject: null, message: '' };
const noSubscription = () => () => {};

/**
 * What the visitor typed into the prerendered form before the page's scripts ran: the first render adopts it, so
 * taking the form over does not wipe it. Empty on the server and when the form is rendered by the app itself.
 */
function typedBeforeHydration(): Edits {
  if (typeof document === 'undefined') return EMPTY;
  const typed = (name: ContactFormField) =>
    (document.getElementById(`contact-${name}`) as HTMLInputElement | HTMLTextAreaElement | null)?.value ??
    '';
  return {
    name: typed('name'),
    email: typed('email'),
    company: typed('company'),
    subject: typed('subject') || null,
    message: typed('message'),
  };
}

type Sending =
  { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'failed'; message: string };

/** The server's `{ success: true }`, read without a schema library (this page loads none). */
const readSent = (body: unknown) =>
  (body as { success?: unknown } | null)?.success === true ? true : undefined;

/**
 * The contact form: name, email, company, subject (filled from `?subject=` by the site's calls to action) and
 * message, checked here and on the server with the same rules; stored for the team.
 */
export function ContactForm() {
  const [search] = useSearchParams();
  const [input, setInput] = useState<Edits>(typedBeforeHydration);
  const [problems, setProblems] = useState<Partial<Record<ContactFormField, string>>>({});
  const [sending, setSending] = useState<Sending>({ kind: 'idle' });
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  // The subject the link asked for; none before hydration, as on the prerendered page.
  const asked = hydrated ? (search.get('subject') ?? '').slice(0, CONTACT_FORM_MAX.subject) : '';
  const values: ContactFormInput = { ...input, subject: input.subject ?? asked };

  const change = (field: ContactFormField, value: string) => {
    setInput((current) => ({ ...current, [field]: value }));
    setProblems((current) => ({ ...current, [field]: undefined }));
    if (sending.kind === 'sent' || sending.kind === 'failed') setSending({ kind: 'idle' });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending.kind === 'sending') return;
    const found = contactFormProblems(values);
    setProblems(found);
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(`contact-${first}`)?.focus();
      return;
    }
    setSending({ kind: 'sending' });
    try {
      await requestApi(
        API.contactMessages,
        { method: 'POST', body: values },
        readSent,
        CONTACT_FORM_MSG.sendFailedStatus,
      );
      setInput({ ...EMPTY, subject: '' });
      setSending({ kind: 'sent' });
    } catch (error) {
      setSending({ kind: 'failed', message: CONTACT_FORM_MSG.sendFailed(errorMessage(error)) });
    }
  };

  const field = (name: ContactFormField, label: string, control: (props: ControlProps) => ReactNode) => (
    <Field name={name} label={label} problem={problems[name]} control={control} />
  );
  const busy = sending.kind === 'sending';
  return (
    <form className={styles.form} onSubmit={submit} aria-labelledby="contact-form-title" noValidate>
      <h2 id="contact-form-title" className={styles.title}>
        Send us a message
      </h2>
      {sending.kind === 'sent' && (
        <p className={styles.sent} role="status">
          {CONTACT_FORM_MSG.sent}
        </p>
      )}
      {sending.kind === 'failed' && <ErrorBox message={sending.message} />}
      <div className={styles.row}>
        {field('name', 'Name', (props) => (
          <input
            {...props}
            autoComplete="name"
            value={values.name}
            onChange={(e) => change('name', e.target.value)}
          />
        ))}
        {field('email', 'Email', (props) => (
          <input
            {...props}
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={(e) => change('email', e.target.value)}
          />
        ))}
      </div>
      <div className={styles.row}>
        {field('company', 'Company (optional)', (props) => (
          <input
            {...props}
            autoComplete="organization"
            value={values.company}
            onChange={(e) => change('company', e.target.value)}
          />
        ))}
        {field('subject', 'Subject (optional)', (props) => (
          <input {...props} value={values.subject} onChange={(e) => change('subject', e.target.value)} />
        ))}
      </div>
      {field('message', 'Message', (props) => (
        <textarea
          {...props}
          rows={6}
          value={values.message}
          onChange={(e) => change('message', e.target.value)}
        />
      ))}
      <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
        <Send aria-hidden="true" />
        {busy ? 'Sending…' : 'Send message'}
      </Button>
    </form>
  );
}

interface ControlProps {
  id: string;
  className: string | undefined;
  disabled?: boolean;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

function Field(props: {
  name: ContactFormField;
  label: string;
  problem: string | undefined;
  control: (props: ControlProps) => ReactNode;
}) {
  const id = `contact-${props.name}`;
  const errorId = props.problem ? `${id}-error` : undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {props.label}
      </label>
      {props.control({
        id,
        className: styles.input,
        'aria-invalid': props.problem ? true : undefined,
        'aria-describedby': errorId,
      })}
      {props.problem && (
        <p id={errorId} className={styles.problem}>
          {props.problem}
        </p>
      )}
    </div>
  );
}
