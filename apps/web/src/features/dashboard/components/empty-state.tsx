import { Bot, Plus } from 'lucide-react';
import { DASHBOARD_MSG } from '@vuxo/shared/messages';
import { Button } from '../../../components/ui/button';
import styles from './empty-state.module.css';

/** No bots yet. */
export function EmptyState({ onCreate }: { onCreate: () => void }) {
  return (
    <div className={styles.empty}>
      <span className={styles.icon} aria-hidden="true">
        <Bot />
      </span>
      <p className={styles.text}>{DASHBOARD_MSG.emptyState}</p>
      <Button size="lg" onClick={onCreate}>
        <Plus aria-hidden="true" />
        Create Your First Bot
      </Button>
    </div>
  );
}
