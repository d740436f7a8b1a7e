import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent, type ReactElement } from 'react';
import {
  VISITOR_REQUEST_MAX,
  VISITOR_REQUEST_MSG as MSG,
  visitorRequestProblems,
  wantsPerson,
  type VisitorRequestField,
} from '@vuxo/shared/visitor-requests';
import { errorMessage } from '../../../app/api-client';
import { sendVisitorRequest } from '../api/send-visitor-request';
import type { ChatMessage } from '../hooks/chat-state';
import type { RequestControls } from './request-menu';
import styles from './request-offer.module.css';

export { default as RequestChatMenu } from './chat-menu';

/** A person first, when the owner is here (issue 47): its own chunk, fetched once the visitor asks. */
const LiveFirst = lazy(() => import('../live/live-first'));

interface Props extends RequestControls {
  botId: string;
  botName: string;
  messages: ChatMessage[];
  /** Where the owner's live messages go (absent: no live person, as in tests of the form alone). */
  receive?: (message: ChatMessage) => void;
}

/**
 * The offer to leave a way back (decision 068), in a chunk of its own with the chat menu (request-menu.tsx), so
 * the widget's first download does not grow: shown after a reply the server says is declined or unsure, or when the visitor
 * asks for a person, and whenever the menu opens the form; the form is prefilled with the visitor's last question.
 * Its state is the page's, so it outlives the widget's panel being closed.
 */
export default function RequestOffer(props: Props) {
  const { botId, botName, messages, form, setForm } = props;
  const lastQuestion = [...messages].reverse().find((m) => m.position === 'right')?.text ?? '';
  const last = messages[messages.length - 1];
  const declined =
    last?.position === 'left' && !last.streaming && (last.declined === true || last.unsure === true);
  if (form === 'sent') {
    return (
      <p className={styles.offer} role="status">
        {MSG.sent(botName)}
      </p>
    );
  }
  const open = form === 'open';
  const { receive } = props;
  const withLive = (emailForm: ReactElement) =>
    receive ? (
      <Suspense fallback={null}>
        <LiveFirst botId={botId} form={emailForm} receive={receive} />
      </Suspense>
    ) : (
      emailForm
    );
  if (!open && !(declined || wantsPerson(lastQuestion))) return null;
  return (
    <div className={styles.offer}>
      {open ? (
        withLive(
          <RequestForm
            botId={botId}
            botName={botName}
            question={lastQuestion}
            onCancel={() => setForm('closed')}
            onSent={() => setForm('sent')}
          />,
        )
      ) : (
        <>
          <span>{MSG.offer(botName)}</span>
          <div className={styles.actions}>
            <button type="button" onClick={() => setForm('open')}>
              {MSG.offerButton}
            </button>
          </div>
        </>
      )}
    </div>
  );
}

function RequestForm(props: {
  botId: string;
  botName: string;
  question: string;
  onCancel: () => void;
  onSent: () => void;
}) {
  const id = useId();
  const first = useRef<HTMLInputElement>(null);
  // The button that opened the form is gone: the visitor goes on from its first field.
  useEffect(() => first.current?.focus(), []);
  const [fields, setFields] = useState({ email: '', phone: '', name: '', question: props.question });
  const [consent, setConsent] = useState(false);
  const [problems, setProblems] = useState<Partial<Record<VisitorRequestField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const set = (name: keyof typeof fields) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [name]: e.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = visitorRequestProblems({ ...fields, consent });
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setSending(true);
    setFailure(null);
    try {
      await sendVisitorRequest(
        { visitorKeys: [props.botId] },
        { botConfigId: props.botId, ...fields, consent },
      );
      props.onSent();
    } catch (error) {
      setFailure(errorMessage(error) || MSG.failed);
    } finally {
      setSending(false);
    }
  }

  const problem = (name: VisitorRequestField) =>
    problems[name] ? (
      <span className={styles.error} id={`${id}-${name}`}>
        {problems[name]}
      </span>
    ) : null;
  const described = (name: VisitorRequestField) =>
    problems[name] ? { 'aria-describedby': `${id}-${name}` } : {};

  return (
    <form
      className={styles.form}
      onSubmit={(e) => void submit(e)}
      aria-label={MSG.title(props.botName)}
      noValidate
    >
      <strong>{MSG.title(props.botName)}</strong>
      <label>
        {MSG.emailLabel}
        <input
          ref={first}
          type="email"
          autoComplete="email"
          maxLength={VISITOR_REQUEST_MAX.email}
          value={fields.email}
          onChange={set('email')}
          {...described('email')}
        />
      </label>
      {problem('email')}
      <label>
        {MSG.phoneLabel}
        <input
          type="tel"
          autoComplete="tel"
          maxLength={VISITOR_REQUEST_MAX.phone}
          value={fields.phone}
          onChange={set('phone')}
          {...described('phone')}
        />
      </label>
      {problem('phone')}
      <label>
        {MSG.nameLabel}
        <input
          autoComplete="name"
          maxLength={VISITOR_REQUEST_MAX.name}
          value={fields.name}
          onChange={set('name')}
          {...described('name')}
        />
      </label>
      {problem('name')}
      <label>
        {MSG.questionLabel}
        <textarea
          rows={3}
          maxLength={VISITOR_REQUEST_MAX.question}
          value={fields.question}
          onChange={set('question')}
          {...described('question')}
        />
      </label>
      {problem('question')}
      <label className={styles.consent}>
        <input
          type="checkbox"
          checked={consent}
          onChange={(e) => setConsent(e.target.checked)}
          {...described('consent')}
        />
        <span>{MSG.consent(props.botName)}</span>
      </label>
      {problem('consent')}
      {failure && (
        <span className={styles.error} role="alert">
          {failure}
        </span>
      )}
      <div className={styles.actions}>
        <button type="submit" disabled={sending}>
          {MSG.send}
        </button>
        <button type="button" onClick={props.onCancel}>
          {MSG.cancel}
        </button>
      </div>
    </form>
  );
}
