import { Check } from 'lucide-react';
import { PLANS, ROUTES, type PlanKey } from '@vuxo/shared';
import { ButtonLink } from '../../components/ui/button';
import { SimplePage } from '../../components/ui/simple-page';
import styles from './plans-page.module.css';

const ORDER: PlanKey[] = ['trial', 'basic', 'pro', 'enterprise'];

function action(key: PlanKey) {
  if (key === 'trial') return { label: 'Start free', to: ROUTES.wizard, state: undefined };
  if (key === 'enterprise') return { label: 'Contact Us', to: '/contact', state: undefined };
  return { label: `Choose ${PLANS[key].name}`, to: ROUTES.payment, state: { planKey: key } };
}

function botLimit(maxBots: number | null): string {
  if (maxBots === null) return 'Unlimited chatbots';
  return maxBots === 1 ? '1 chatbot' : `Up to ${maxBots} chatbots`;
}

/** /plans: the plan table (specification, section 2.15; decisions, section 3). */
export function PlansPage() {
  return (
    <SimplePage
      eyebrow="Pricing"
      title="Simple monthly plans"
      lead="Start with a free text chatbot. Upgrade for more bots, bigger documents and a phone agent. Cancel any time."
    >
      <ul role="list" className={styles.grid}>
        {ORDER.map((key) => {
          const plan = PLANS[key];
          const next = action(key);
          return (
            <li key={key} className={styles.plan} data-featured={key === 'pro' || undefined}>
              <h2 className={styles.name}>{plan.name}</h2>
              <p className={styles.price}>{plan.priceText}</p>
              <p className={styles.limit}>{botLimit(plan.maxBots)}</p>
              <ul role="list" className={styles.features}>
                {plan.features.map((feature) => (
                  <li key={feature}>
                    <Check aria-hidden="true" />
                    {feature.charAt(0).toUpperCase() + feature.slice(1)}
                  </li>
                ))}
              </ul>
              <ButtonLink
                to={next.to}
                state={next.state}
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
