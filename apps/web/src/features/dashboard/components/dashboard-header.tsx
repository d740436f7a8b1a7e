import { Plus, RefreshCw, Timer } from 'lucide-react';
import { DASHBOARD_MSG } from '@vuxo/shared/messages';
import { Button } from '../../../components/ui/button';
import { HintTooltip } from '../../../components/ui/hint-tooltip';
import styles from './dashboard-header.module.css';

interface Props {
  loading: boolean;
  /** Seconds to the next automatic refresh, or null when no bot is in progress. */
  countdown: number | null;
  onRefresh: () => void;
  /** The cap, when it is reached: Create is then disabled and explained. */
  limitReached: number | null;
  onCreate: () => void;
}

/** The header: title, Refresh with its countdown, and Create New Bot. */
export function DashboardHeader({ loading, countdown, onRefresh, limitReached, onCreate }: Props) {
  const createDisabled = loading || limitReached !== null;
  return (
    <header className={styles.header}>
      <div className={styles.heading}>
        <p className={styles.eyebrow}>Dashboard</p>
        <h1 className={styles.title}>{DASHBOARD_MSG.title}</h1>
        <p className={styles.lead}>Check each bot’s status, chat with it, and share it on your website.</p>
      </div>
      <div className={styles.actions}>
        <div className={styles.refresh}>
          <Button variant="secondary" size="sm" onClick={onRefresh} disabled={loading}>
            <RefreshCw aria-hidden="true" className={loading ? styles.spinning : undefined} />
            Refresh
          </Button>
          {countdown !== null && (
            <p className={styles.countdown}>
              <Timer aria-hidden="true" />
              <span>
                Auto-refresh in <strong className={styles.seconds}>{countdown}s</strong>
              </span>
            </p>
          )}
        </div>
        <HintTooltip
          text={limitReached !== null ? DASHBOARD_MSG.limitTooltip(limitReached) : null}
          placement="bottom"
          className={styles.createWrap}
        >
          {(describedBy) => (
            <Button
              className={styles.create}
              aria-disabled={createDisabled || undefined}
              aria-describedby={describedBy}
              onClick={() => {
                if (!loading) onCreate();
              }}
            >
              <Plus aria-hidden="true" />
              Create New Bot
            </Button>
          )}
        </HintTooltip>
      </div>
    </header>
  );
}
