import { useMemo } from 'react';
import { loadStripe } from '@stripe/stripe-js';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { PAYMENT_MSG } from '@vuxo/shared/messages';
import { appConfig } from '../../app/config';
import { CheckoutForm, type CheckoutProps } from './checkout-form';
import styles from './payment-page.module.css';

let stripeLoading: ReturnType<typeof loadStripe> | null = null;

/** Stripe.js, loaded once from Stripe (as Stripe requires) when the first checkout opens. */
function stripeOnce(publishableKey: string) {
  stripeLoading ??= loadStripe(publishableKey, { locale: 'en-CA' });
  return stripeLoading;
}

function StripeCard(props: CheckoutProps) {
  const stripe = useStripe();
  const elements = useElements();
  return (
    <CheckoutForm
      {...props}
      card={{
        fields: (
          <div className={styles.field}>
            <span className={styles.label} id="card-label">
              Card
            </span>
            <div className={styles.stripeCard} aria-labelledby="card-label">
              <CardElement options={{ hidePostalCode: false }} />
            </div>
          </div>
        ),
        ready: Boolean(stripe && elements),
        async pay(intent, _token, billingName) {
          const card = elements?.getElement(CardElement);
          if (!stripe || !card) throw new Error(PAYMENT_MSG.notReady);
          const result = await stripe.confirmCardPayment(intent.clientSecret, {
            payment_method: { card, billing_details: { name: billingName } },
          });
          if (result.error) throw new Error(result.error.message ?? PAYMENT_MSG.genericError);
          if (result.paymentIntent.status !== 'succeeded') throw new Error(PAYMENT_MSG.genericError);
        },
      }}
    />
  );
}

/** The checkout with Stripe's card field (a publishable key is configured). */
export default function StripeCheckout(props: CheckoutProps) {
  const key = appConfig().stripePublishableKey!;
  const stripe = useMemo(() => stripeOnce(key), [key]);
  return (
    <Elements stripe={stripe} options={{ locale: 'en-CA' }}>
      <StripeCard {...props} />
    </Elements>
  );
}
