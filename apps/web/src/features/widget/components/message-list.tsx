import { lazy, Suspense, useEffect, useRef } from 'react';
import type { FeedbackVote } from '@vuxo/shared/insights';
import type { ChatMessage } from '../hooks/chat-state';
import { useReducedMotion } from '../hooks/use-reduced-motion';
import { BotAvatar } from './bot-avatar';
import { loadAnswerExtras, ReplyText } from './reply-text';
import styles from './chat.module.css';

/** Under an answer, and only once there is one: they load after the chat's first paint (reply-text.tsx). */
const Rating = lazy(() => loadAnswerExtras().then((m) => ({ default: m.Rating })));
const Passages = lazy(() => loadAnswerExtras().then((m) => ({ default: m.Passages })));

/** Times display in en-US hour:minute. */
const timeFormat = new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit' });
export const formatTime = (date: Date) => timeFormat.format(date);

interface Props {
  messages: ChatMessage[];
  botName: string;
  botImageUrl: string | null;
  typing: boolean;
  /** The owner console shows each answer's source passages. */
  showPassages: boolean;
  /** Visitors rate answers (thumbs up or down, once each). */
  onRate?: (message: ChatMessage, vote: FeedbackVote) => void;
}

/**
 * The scrolling message area: the bot on the left, the visitor on the right, each with its time. It is a
 * live region (role log), so a screen reader reads each new message once.
 */
export function MessageList({ messages, botName, botImageUrl, typing, showPassages, onRate }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const reduced = useReducedMotion();
  const last = messages[messages.length - 1];
  // A streamed reply is read out once it has finished (aria-busy), not word by word.
  const streaming = last?.streaming === true;

  useEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTo({ top: el.scrollHeight, behavior: reduced || streaming ? 'auto' : 'smooth' });
  }, [messages.length, last?.text, streaming, typing, reduced]);

  return (
    <div
      ref={scroller}
      className={styles.log}
      role="log"
      aria-label="Messages"
      aria-busy={streaming || undefined}
      tabIndex={0}
    >
      {messages.map((message) => (
        <MessageRow
          key={message.id}
          message={message}
          botName={botName}
          botImageUrl={botImageUrl}
          showPassages={showPassages}
          {...(onRate ? { onRate } : {})}
        />
      ))}
      {typing && <TypingIndicator botName={botName} botImageUrl={botImageUrl} />}
    </div>
  );
}

function MessageRow({
  message,
  botName,
  botImageUrl,
  showPassages,
  onRate,
}: {
  message: ChatMessage;
  botName: string;
  botImageUrl: string | null;
  showPassages: boolean;
  onRate?: (message: ChatMessage, vote: FeedbackVote) => void;
}) {
  const bot = message.position === 'left';
  return (
    <div className={styles.row} data-position={message.position}>
      {bot && <BotAvatar src={botImageUrl} size={28} />}
      <div className={styles.bubbleColumn}>
        <div className={styles.bubble}>
          <span className="visually-hidden">{bot ? `${message.author ?? botName} said:` : 'You said:'}</span>
          {bot ? <ReplyText text={message.text} /> : <p className={styles.plain}>{message.text}</p>}
        </div>
        {bot && showPassages && message.sources && message.sources.length > 0 && (
          <Suspense fallback={null}>
            <Passages sources={message.sources} />
          </Suspense>
        )}
        <p className={styles.meta}>
          {message.author && <span className={styles.author}>{message.author} · </span>}
          <time dateTime={message.date.toISOString()}>{formatTime(message.date)}</time>
          {message.failed && <span className={styles.failed}> · Not delivered</span>}
        </p>
        {message.note && <p className={styles.note}>{message.note}</p>}
        {bot && onRate && message.answerId && (
          <Suspense fallback={null}>
            <Rating message={message} onRate={onRate} />
          </Suspense>
        )}
      </div>
    </div>
  );
}

function TypingIndicator({ botName, botImageUrl }: { botName: string; botImageUrl: string | null }) {
  return (
    <div className={styles.row} data-position="left">
      <BotAvatar src={botImageUrl} size={28} />
      <div className={`${styles.bubble} ${styles.typing}`} role="status" aria-label={`${botName} is typing`}>
        <span />
        <span />
        <span />
      </div>
    </div>
  );
}
