import { BRAND } from '@vuxo/shared';
import { BrandMark } from '../../components/ui/brand-logo';
import { usePageTitle } from '../../components/ui/use-page-title';
import styles from './chat-placeholder.module.css';

/** /public-chat/:botId: a full-page chat with a published bot (decisions, section 6). Placeholder. */
export function PublicChatPage() {
  usePageTitle('Chat');
  return (
    <main className={`${styles.frame} ${styles.full}`}>
      <header className={styles.head}>
        <BrandMark size={32} />
        <h1 className={styles.title}>Chat with our assistant</h1>
      </header>
      <p className={styles.text}>Ask anything about this business. Answers come from its own documents.</p>
      <p className={styles.brand}>Powered by {BRAND}</p>
    </main>
  );
}
