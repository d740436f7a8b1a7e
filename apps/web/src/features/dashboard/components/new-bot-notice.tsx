import { useEffect } from 'react';
import { PartyPopper, X } from 'lucide-react';
import { DASHBOARD_MSG } from '@vuxo/shared/messages';
import { NEW_BOT_NOTICE_MS, NEW_BOT_NOTICE_PARTICLES } from '../../../ui-tuning';
import { Particles } from '../../../components/ui/particles';
import styles from './new-bot-notice.module.css';

interface Props {
  botName: string;
  onClose: () => void;
}

/**
 * The celebratory notice for a bot just created: its own 20-particle
 * background; it goes after 10 seconds or on close.
 */
export function NewBotNotice({ botName, onClose }: Props) {
  useEffect(() => {
    const timer = window.setTimeout(onClose, NEW_BOT_NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [onClose]);

  return (
    <div className={styles.notice} role="status">
      <Particles count={NEW_BOT_NOTICE_PARTICLES} links={false} />
      <span className={styles.icon} aria-hidden="true">
        <PartyPopper />
      </span>
      <p className={styles.text}>{DASHBOARD_MSG.newBotNotice(botName)}</p>
      <button type="button" className={styles.close} onClick={onClose} aria-label="Close">
        <X aria-hidden="true" />
      </button>
      <span
        className={styles.timer}
        aria-hidden="true"
        style={{ animationDuration: `${NEW_BOT_NOTICE_MS}ms` }}
      />
    </div>
  );
}
