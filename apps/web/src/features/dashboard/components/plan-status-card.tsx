import { Gauge } from 'lucide-react';
import { Link } from 'react-router';
import { isTrialPlanName } from '@vuxo/shared/plans';
import { ROUTES } from '@vuxo/shared/routes';
import type { UserPlan } from '@vuxo/shared/schemas';
import styles from './plan-status-card.module.css';

interface Props {
  plan: UserPlan;
  /** Before the first load: placeholders instead of the default plan. */
  pending: boolean;
}

const formatDay = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });

/**
 * The plan status card: the plan's name, until when it is paid (and a cheaper plan queued after it), and the bots
 * used against its cap.
 */
export function PlanStatusCard({ plan, pending }: Props) {
  const { currentBots, maxBots } = plan.limits;
  const share = maxBots > 0 ? Math.min(100, Math.round((currentBots / maxBots) * 100)) : 100;
  const full = currentBots >= maxBots;
  return (
    <section className={styles.card} aria-labelledby="plan-status-title" aria-busy={pending || undefined}>
      <span className={styles.icon} aria-hidden="true">
        <Gauge />
      </span>
      <div className={styles.body}>
        <h2 id="plan-status-title" className={styles.label}>
          Your plan
        </h2>
        {pending ? (
          <span className={styles.placeholder} aria-hidden="true" />
        ) : (
          <>
            <p className={styles.plan}>{plan.planName}</p>
            {plan.activeUntil && <p className={styles.until}>Paid until {formatDay(plan.activeUntil)}</p>}
            {plan.nextPlan && (
              <p className={styles.until}>
                Then {plan.nextPlan.planName} from {formatDay(plan.nextPlan.startsAt)} until{' '}
                {formatDay(plan.nextPlan.endsAt)}
              </p>
            )}
          </>
        )}
      </div>
      <div className={styles.usage}>
        {pending ? (
          <span className={styles.placeholder} aria-hidden="true" />
        ) : (
          <>
            <p className={styles.count}>
              <strong>{currentBots}</strong> / {maxBots} bots used
            </p>
            <div
              className={styles.meter}
              role="meter"
              aria-label="Bots used"
              aria-valuemin={0}
              aria-valuemax={maxBots}
              aria-valuenow={Math.min(currentBots, maxBots)}
              aria-valuetext={`${currentBots} of ${maxBots} bots used`}
              data-full={full || undefined}
            >
              <span style={{ width: `${share}%` }} />
            </div>
          </>
        )}
      </div>
      <Link to={ROUTES.plans} className={styles.link}>
        {isTrialPlanName(plan.planName) ? 'Upgrade plan' : 'View plans'}
      </Link>
    </section>
  );
}
