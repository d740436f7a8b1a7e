import { SimplePage } from '../../components/ui/simple-page';

/** /payment: placeholder until the card payment form lands. */
export function PaymentPage() {
  return (
    <SimplePage
      eyebrow="Checkout"
      title="Complete your subscription"
      lead="Pay securely by card. Your plan becomes active as soon as the payment is confirmed, and lasts one month."
    />
  );
}
