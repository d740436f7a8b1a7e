import { MESSAGES_PER_DAY } from '@vuxo/shared/limits';
import { WIDGET_MSG } from '@vuxo/shared/messages';
import { brandingUrl, widgetConfig } from '../widget-config';
import styles from './chat.module.css';

/** The footer: a branding link to the provider's website and 'Messages left: n/15' (the server's count). */
export function ChatFooter({ messagesLeft }: { messagesLeft: number | null }) {
  const { brand } = widgetConfig();
  return (
    <footer className={styles.footer}>
      <a className={styles.branding} href={brandingUrl()} target="_blank" rel="noopener noreferrer">
        Powered by <strong>{brand}</strong>
      </a>
      {messagesLeft === null ? (
        <span className={styles.counter}>No daily limit</span>
      ) : (
        <span className={styles.counter}>{WIDGET_MSG.messagesLeft(messagesLeft, MESSAGES_PER_DAY)}</span>
      )}
    </footer>
  );
}
