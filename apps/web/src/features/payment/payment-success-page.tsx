import { Navigate, useLocation } from 'react-router';
import { ROUTES } from '@vuxo/shared';
import { ButtonLink } from '../../components/ui/button';
import { SimplePage } from '../../components/ui/simple-page';

interface SuccessState {
  paymentSuccess?: boolean;
  planName?: string;
}

/** /payment/success (specification, section 2.14); without the paymentSuccess flag it goes to /wizard. */
export function PaymentSuccessPage() {
  const state = useLocation().state as SuccessState | null;
  if (!state?.paymentSuccess) return <Navigate to={ROUTES.wizard} replace />;
  return (
    <SimplePage eyebrow="Congratulations" title="Payment Successful" lead={state.planName}>
      <p>
        A dedicated lead has been assigned to help you customise your chat or phone bot and will reach out
        soon.
      </p>
      <p style={{ marginTop: 'var(--space-6)' }}>
        <ButtonLink to={ROUTES.wizard}>Continue to Dashboard</ButtonLink>
      </p>
    </SimplePage>
  );
}
