import { useLocation } from 'react-router';
import { Info } from 'lucide-react';
import { PLANS_MSG } from '@vuxo/shared/messages';
import { PLANS, type PlanKey } from '@vuxo/shared/plans';
import { ROUTES } from '@vuxo/shared/routes';
import { documentsPerBotText } from '@vuxo/shared/documents';
import { apiKeysPerBotText, webhooksPerBotText } from '@vuxo/shared/public-api';
import { sourceRefreshText } from '@vuxo/shared/sources';
import { ButtonLink } from '../../components/ui/button';
import { SimplePage } from '../../components/ui/simple-page';
import { PlanFeatures } from './plan-features';
import { paymentPathFor, rememberSelectedPlan } from './selected-plan';
import { upgradeReasonOf, type UpgradeReason } from './upgrade-reason';
import styles from './plans-page.module.css';

const ORDER: PlanKey[] = ['trial', 'basic', 'pro', 'enterprise'];

function action(key: PlanKey, reason: UpgradeReason) {
  if (key === 'trial') return { label: 'Start free', to: ROUTES.wizard, state: undefined };
  if (key === 'enterprise') return { label: 'Contact Us', to: ROUTES.contact, state: undefined };
  const resumeDelete = reason?.kind === 'delete' ? { resumeDelete: reason.bot } : {};
  return {
    label: `Choose ${PLANS[key].name}`,
    to: paymentPathFor(key),
    state: { planKey: key, ...resumeDelete },
  };
}

function botLimit(maxBots: number | null): string {
  if (maxBots === null) return 'Unlimited chatbots';
  return maxBots === 1 ? '1 chatbot' : `Up to ${maxBots} chatbots`;
}

function reasonText(reason: UpgradeReason): string | null {
  if (reason?.kind === 'delete') return PLANS_MSG.deleteNeedsPaidPlan(reason.bot.botName);
  return reason?.kind === 'phoneBot' ? PLANS_MSG.phoneBotNeedsPro : null;
}

/** /plans: the plan table; sent here to delete a bot or to build a phone bot, it says why. */
export function PlansPage() {
  const reason = upgradeReasonOf(useLocation().state);
  const why = reasonText(reason);
  return (
    <SimplePage
      eyebrow="Pricing"
      title="Simple monthly plans"
      lead="Start with a free text chatbot. Upgrade for more bots and the right to delete them. A plan is paid one month at a time and never renews by itself."
    >
      {why && (
        <p className={styles.reason} role="status">
          <Info aria-hidden="true" />
          {why}
        </p>
      )}
      <ul role="list" className={styles.grid}>
        {ORDER.map((key) => {
          const plan = PLANS[key];
          const next = action(key, reason);
          return (
            <li key={key} className={styles.plan} data-featured={key === 'pro' || undefined}>
              <h2 className={styles.name}>{plan.name}</h2>
              <p className={styles.price}>{plan.priceText}</p>
              <p className={styles.limit}>{botLimit(plan.maxBots)}</p>
              <p className={styles.limit}>{documentsPerBotText(plan.maxDocuments)}</p>
              <p className={styles.limit}>{apiKeysPerBotText(plan.api.maxKeys)}</p>
              <p className={styles.limit}>{webhooksPerBotText(plan.webhooks)}</p>
              <p className={styles.limit}>{sourceRefreshText(plan.sources.refreshEverySeconds)}</p>
              <PlanFeatures features={plan.features} />
              <ButtonLink
                to={next.to}
                state={next.state}
                onClick={next.state ? () => rememberSelectedPlan(key) : undefined}
                variant={key === 'pro' ? 'primary' : 'secondary'}
                block
              >
                {next.label}
              </ButtonLink>
            </li>
          );
        })}
      </ul>
    </SimplePage>
  );
}
