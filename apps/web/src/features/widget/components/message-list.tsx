import { useEffect, useRef } from 'react';
import { ThumbsDown, ThumbsUp } from 'lucide-react';
import type { ChatSource } from '@vuxo/shared/chat-replies';
import type { FeedbackVote } from '@vuxo/shared/insights';
import { WIDGET_MSG } from '@vuxo/shared/messages';
import type { ChatMessage } from '../hooks/chat-state';
import { useReducedMotion } from '../hooks/use-reduced-motion';
import { BotAvatar } from './bot-avatar';
import { ReplyText } from './reply-text';
import styles from './chat.module.css';

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
          <span className="visually-hidden">{bot ? `${botName} said:` : 'You said:'}</span>
          {bot ? <ReplyText text={message.text} /> : <p className={styles.plain}>{message.text}</p>}
        </div>
        {bot && showPassages && message.sources && message.sources.length > 0 && (
          <Passages sources={message.sources} />
        )}
        <p className={styles.meta}>
          <time dateTime={message.date.toISOString()}>{formatTime(message.date)}</time>
          {message.failed && <span className={styles.failed}> · Not delivered</span>}
        </p>
        {message.note && <p className={styles.note}>{message.note}</p>}
        {bot && onRate && message.answerId && <Rating message={message} onRate={onRate} />}
      </div>
    </div>
  );
}

/** Thumbs up or down under an answer: one vote, then both stay as they are and a thanks is read out. */
function Rating({
  message,
  onRate,
}: {
  message: ChatMessage;
  onRate: (message: ChatMessage, vote: FeedbackVote) => void;
}) {
  const button = (vote: FeedbackVote, label: string, Icon: typeof ThumbsUp) => (
    <button
      type="button"
      className={styles.rate}
      aria-label={label}
      title={label}
      aria-pressed={message.vote === vote}
      disabled={message.vote !== undefined}
      onClick={() => onRate(message, vote)}
    >
      <Icon size={14} aria-hidden="true" />
    </button>
  );
  return (
    <div className={styles.rating} role="group" aria-label={WIDGET_MSG.rateAnswer}>
      {button('up', WIDGET_MSG.rateHelpful, ThumbsUp)}
      {button('down', WIDGET_MSG.rateNotHelpful, ThumbsDown)}
      <span role="status" className={message.vote ? styles.rateThanks : 'visually-hidden'}>
        {message.vote ? WIDGET_MSG.rateThanks : ''}
      </span>
    </div>
  );
}

function sourceLabel(source: ChatSource): string {
  const parts = [source.heading?.trim() || null, source.page ? `page ${source.page}` : null].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : `passage ${source.ordinal + 1}`;
}

/**
 * The owner console's view of where an answer comes from: the passages themselves, with their match.
 * (Visitors read the source in the reply, which names it.)
 */
function Passages({ sources }: { sources: ChatSource[] }) {
  return (
    <details className={styles.passages}>
      <summary>{sources.length === 1 ? '1 source passage' : `${sources.length} source passages`}</summary>
      <ol className={styles.passageList}>
        {sources.map((source) => (
          <li key={source.ordinal} className={styles.passage}>
            <p className={styles.passageHead}>
              <span>{sourceLabel(source)}</span>
              {typeof source.confidence === 'number' && (
                <span className={styles.passageScore}>{Math.round(source.confidence * 100)}% match</span>
              )}
            </p>
            {source.text && <blockquote className={styles.passageText}>{source.text}</blockquote>}
          </li>
        ))}
      </ol>
    </details>
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
