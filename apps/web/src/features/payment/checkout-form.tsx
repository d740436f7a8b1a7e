import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Lock } from 'lucide-react';
import { PAYMENT_MSG } from '@vuxo/shared/messages';
import { PLAN_CURRENCY, type Plan } from '@vuxo/shared/plans';
import { ROUTES } from '@vuxo/shared/routes';
import { errorMessage } from '../../app/api-client';
import { appConfig } from '../../app/config';
import { Button } from '../../components/ui/button';
import { ErrorBox } from '../../components/ui/error-box';
import { SimplePage } from '../../components/ui/simple-page';
import { useAuth } from '../auth';
import { PlanFeatures, type ResumeDelete } from '../plans';
import { createPaymentIntent } from './payment-api';
import { PlanChangeNote } from './plan-change-note';
import styles from './payment-page.module.css';

/** How a card is taken and charged: Stripe's card field, or the local test mode's form. */
export interface CardMethod {
  /** The card field (number, expiry, CVC and postal code). */
  fields: ReactNode;
  /** False until the payment system can take the card. */
  ready: boolean;
  /** A line under the card field (the test mode's cards), if any. */
  hint?: string;
  /** Confirms the intent with the card; throws with the card's decline message. */
  pay(
    intent: { clientSecret: string; paymentIntentId: string },
    token: string,
    billingName: string,
  ): Promise<void>;
}

export interface CheckoutProps {
  plan: Plan;
  resumeDelete: ResumeDelete | null;
}

type FormState = { kind: 'idle' } | { kind: 'submitting' } | { kind: 'error'; message: string };

/** The plan's summary and the card form: idle, submitting (spinner), then success or the red alert. */
export function CheckoutForm({ plan, resumeDelete, card }: CheckoutProps & { card: CardMethod }) {
  const navigate = useNavigate();
  const { user, getIdToken } = useAuth();
  const [name, setName] = useState('');
  const [form, setForm] = useState<FormState>({ kind: 'idle' });
  const priceId = plan.key === 'basic' || plan.key === 'pro' ? appConfig().stripePrices[plan.key] : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (form.kind === 'submitting') return;
    if (!user || !card.ready || !priceId) {
      setForm({ kind: 'error', message: PAYMENT_MSG.notReady });
      return;
    }
    setForm({ kind: 'submitting' });
    try {
      const token = await getIdToken();
      const intent = await createPaymentIntent(token, plan, priceId);
      await card.pay(intent, token, name.trim() || 'Anonymous');
      navigate(ROUTES.paymentSuccess, {
        state: { paymentSuccess: true, planName: plan.name, ...(resumeDelete ? { resumeDelete } : {}) },
      });
    } catch (error) {
      setForm({ kind: 'error', message: errorMessage(error) || PAYMENT_MSG.genericError });
    }
  };

  const submitting = form.kind === 'submitting';
  return (
    <SimplePage eyebrow="Checkout" title="Complete your subscription">
      <div className={styles.layout}>
        <section className={styles.summary} aria-labelledby="plan-summary">
          <h2 id="plan-summary" className={styles.planName}>
            {plan.name}
          </h2>
          <p className={styles.price}>{plan.priceText}</p>
          <p className={styles.billing}>
            Paid once for one month, in {PLAN_CURRENCY.toUpperCase()}; it does not renew by itself.
          </p>
          {(plan.key === 'basic' || plan.key === 'pro') && <PlanChangeNote planKey={plan.key} />}
          <PlanFeatures features={plan.features} />
        </section>
        <form className={styles.form} onSubmit={submit} aria-labelledby="pay-heading" noValidate>
          <h2 id="pay-heading" className={styles.formTitle}>
            Pay by card
          </h2>
          {form.kind === 'error' && <ErrorBox message={form.message} />}
          <div className={styles.field}>
            <label htmlFor="cardholder-name" className={styles.label}>
              Cardholder name
            </label>
            <input
              id="cardholder-name"
              className={styles.input}
              autoComplete="cc-name"
              placeholder="Anonymous"
              value={name}
              onChange={(event) => setName(event.target.value)}
              disabled={submitting}
            />
          </div>
          {card.fields}
          {card.hint && <p className={styles.hint}>{card.hint}</p>}
          <Button type="submit" block disabled={submitting} aria-busy={submitting || undefined}>
            {submitting ? (
              <span className={styles.spinner} aria-hidden="true" />
            ) : (
              <Lock aria-hidden="true" />
            )}
            {submitting ? 'Processing…' : 'Pay Now'}
          </Button>
        </form>
      </div>
    </SimplePage>
  );
}
