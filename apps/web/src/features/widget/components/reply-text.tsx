import { lazy, Suspense } from 'react';
import styles from './chat.module.css';

const loadMarkdown = () => import('./markdown-text');
const MarkdownText = lazy(loadMarkdown);

/** Starts loading the markdown renderer once the chat has painted, so the first load stays light. */
export function preloadMarkdown(): void {
  const start = () => void loadMarkdown().catch(() => undefined);
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
