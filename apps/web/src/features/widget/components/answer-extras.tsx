import { ThumbsDown, ThumbsUp } from 'lucide-react';
import type { ChatSource } from '@vuxo/shared/chat-replies';
import type { FeedbackVote } from '@vuxo/shared/insights';
import { WIDGET_MSG } from '@vuxo/shared/messages';
import type { ChatMessage } from '../hooks/chat-state';
import styles from './chat.module.css';

/*
 * What shows under an answer besides its text, in a chunk of its own: /embed's first paint has no answer yet
 * (its initial JavaScript has a budget, bench/widget).
 */

/** Thumbs up or down under an answer: one vote, then both stay as they are and a thanks is read out. */
export function Rating({
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
export function Passages({ sources }: { sources: ChatSource[] }) {
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
