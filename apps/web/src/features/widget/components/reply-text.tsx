import { lazy, Suspense } from 'react';
import styles from './chat.module.css';

const loadMarkdown = () => import('./markdown-text');
const MarkdownText = lazy(loadMarkdown);
/** The rating and the source passages under an answer (message-list.tsx). */
export const loadAnswerExtras = () => import('./answer-extras');

/**
 * Starts loading what an answer shows besides its plain text (the markdown renderer, the rating, the passages)
 * once the chat has painted, so the first load stays light.
 */
export function preloadAnswerParts(): void {
  const start = () => {
    void loadMarkdown().catch(() => undefined);
    void loadAnswerExtras().catch(() => undefined);
  };
  if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: 1500 });
  else setTimeout(start, 200);
}

/** A bot message: plain text at once, then markdown as soon as the renderer has arrived. */
export function ReplyText({ text }: { text: string }) {
  return (
    <Suspense fallback={<p className={styles.plain}>{text}</p>}>
      <MarkdownText text={text} />
    </Suspense>
  );
}
