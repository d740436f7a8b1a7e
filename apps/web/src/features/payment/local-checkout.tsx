import { useState } from 'react';
import { CheckoutForm, type CheckoutProps } from './checkout-form';
import { LocalCardFields, emptyCard, toLocalCard, type CardInput } from './local-card-fields';
import { confirmLocalPayment } from './payment-api';

const TEST_CARD_HINT =
  'Test mode: no money moves. Pay with 4242 4242 4242 4242, any future date, any CVC and any postal code; 4000 0000 0000 0002 is declined.';

/** The checkout of the local test mode: the product's own card form, charged as Stripe charges its test cards. */
export function LocalCheckout(props: CheckoutProps) {
  const [card, setCard] = useState<CardInput>(emptyCard);
  const [busy, setBusy] = useState(false);
  return (
    <CheckoutForm
      {...props}
      card={{
        fields: <LocalCardFields value={card} onChange={setCard} disabled={busy} />,
        ready: true,
        hint: TEST_CARD_HINT,
        async pay(intent, token, billingName) {
          setBusy(true);
          try {
            await confirmLocalPayment(token, intent.paymentIntentId, toLocalCard(card), billingName);
          } finally {
            setBusy(false);
          }
        },
      }}
    />
  );
}
