import { useState } from 'react';
import { LIVE_MESSAGE_MAX, LIVE_OWNER_MSG } from '@vuxo/shared/live';
import type { LiveConversationDetail } from '@vuxo/shared/schemas';
import { Button } from '../../../components/ui/button';
import styles from './live-page.module.css';

interface Props {
  detail: LiveConversationDetail;
  onBack: () => void;
  onReply: (text: string) => Promise<void>;
  onHandBack: () => Promise<void>;
  /** Saves an owner's message as the bot's answer to the visitor's message before it. */
  onSaveAnswer: (question: string, answer: string) => Promise<void>;
}

/** One conversation in the Live view: its messages as they come, the owner's reply, and the hand-back. */
export function LiveConversationView({ detail, onBack, onReply, onHandBack, onSaveAnswer }: Props) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [saved, setSaved] = useState<Set<string>>(() => new Set());
  /** The visitor's message an owner's message answers: the last one before it. */
  const questionBefore = (index: number) =>
    detail.messages
      .slice(0, index)
      .reverse()
      .find((m) => m.author === 'visitor' && m.text)?.text;
  return (
    <section className={styles.conversation} aria-label={LIVE_OWNER_MSG.visitorLabel(detail.id)}>
      <Button type="button" variant="ghost" size="sm" onClick={onBack}>
        {LIVE_OWNER_MSG.close}
      </Button>
      <ol className={styles.messages} aria-label="Messages">
        {detail.messages.map((m, i) => {
          const question = m.author === 'owner' ? questionBefore(i) : undefined;
          return (
            <li key={m.id} data-author={m.author}>
              <span className={styles.who}>{m.name ?? LIVE_OWNER_MSG.authors[m.author]}</span>
              <p>{m.text}</p>
              {question &&
                (saved.has(m.id) ? (
                  <span className={styles.saved} role="status">
                    {LIVE_OWNER_MSG.savedAnswer}
                  </span>
                ) : (
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    onClick={() =>
                      void onSaveAnswer(question, m.text).then(() => setSaved((s) => new Set(s).add(m.id)))
                    }
                  >
                    {LIVE_OWNER_MSG.saveAnswer}
                  </Button>
                ))}
            </li>
          );
        })}
      </ol>
      <form
        className={styles.reply}
        onSubmit={(e) => {
          e.preventDefault();
          if (!text.trim() || sending) return;
          setSending(true);
          onReply(text.trim())
            .then(() => setText(''))
            .catch(() => undefined)
            .finally(() => setSending(false));
        }}
      >
        <label>
          {LIVE_OWNER_MSG.replyLabel}
          <textarea
            rows={3}
            maxLength={LIVE_MESSAGE_MAX}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </label>
        <div className={styles.actions}>
          <Button type="submit" disabled={sending}>
            {LIVE_OWNER_MSG.send}
          </Button>
          {detail.held && (
            <Button type="button" variant="secondary" onClick={() => void onHandBack()}>
              {LIVE_OWNER_MSG.handBack}
            </Button>
          )}
        </div>
      </form>
    </section>
  );
}
