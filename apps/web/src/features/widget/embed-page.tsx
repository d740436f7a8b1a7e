import { useParams } from 'react-router';
import { BRAND } from '@vuxo/shared';
import { BrandMark } from '../../components/ui/brand-logo';
import { usePageTitle } from '../../components/ui/use-page-title';
import styles from './chat-placeholder.module.css';

/** /embed/:identifier: the chat screen shown inside the widget's iframe. Placeholder. */
export function EmbedPage() {
  const { identifier } = useParams();
  usePageTitle('Chat');
  return (
    <main className={styles.frame} data-bot={identifier}>
      <header className={styles.head}>
        <BrandMark size={28} />
        <h1 className={styles.title}>Chat with us</h1>
      </header>
      <p className={styles.text}>
        Ask a question and this assistant answers from the business’s own information.
      </p>
      <p className={styles.brand}>Powered by {BRAND}</p>
    </main>
  );
}
