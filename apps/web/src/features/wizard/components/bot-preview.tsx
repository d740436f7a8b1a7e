import { useEffect, useState } from 'react';
import { FileText } from 'lucide-react';
import { CREATIVITY_CHOICES, TONE_LABELS } from '@vuxo/shared/wizard';
import type { BotCreationState } from '../state/bot-creation-state';
import styles from './bot-preview.module.css';

/** How long the preview's bot 'types' before it answers. */
const PREVIEW_TYPING_MS = 1500;

/** A live preview of the bot being built: how its chat window will greet visitors and answer them. */
export function BotPreview({ state }: { state: BotCreationState }) {
  const name = state.botName.trim() || 'Your bot';
  const [answered, setAnswered] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setAnswered(true), PREVIEW_TYPING_MS);
    return () => clearTimeout(timer);
  }, []);
  const source = state.document ? state.document.name : 'your document';
  return (
    <aside className={styles.preview} aria-label="Preview">
      <p className={styles.caption}>Live preview</p>
      <div className={styles.window}>
        <div className={styles.header}>
          <span className={styles.avatar}>
            {state.imagePreview ? (
              <img src={state.imagePreview} alt="" width={40} height={40} />
            ) : (
              <span aria-hidden="true">{name.charAt(0).toUpperCase()}</span>
            )}
          </span>
          <span className={styles.who}>
            <span className={styles.name}>{name}</span>
            <span className={styles.online}>Online</span>
          </span>
        </div>
        <div className={styles.messages}>
          <p className={styles.bubble}>{state.welcomeMessage.trim() || '…'}</p>
          <p className={styles.userBubble}>What are your opening hours?</p>
          {answered ? (
            <p className={styles.bubble}>I answer from {source}, around the clock.</p>
          ) : (
            <p className={styles.typing} aria-hidden="true">
              <span />
              <span />
              <span />
            </p>
          )}
        </div>
        <div className={styles.composer} aria-hidden="true">
          Type a message...
        </div>
      </div>
      <ul className={styles.chips} role="list">
        {state.chatbotTone && <li>{TONE_LABELS[state.chatbotTone]} tone</li>}
        {state.creativityLevel && <li>{CREATIVITY_CHOICES[state.creativityLevel].detail}</li>}
        {state.document && (
          <li>
            <FileText aria-hidden="true" />
            <span className={styles.docName}>{state.document.name}</span>
          </li>
        )}
      </ul>
    </aside>
  );
}
