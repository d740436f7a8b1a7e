import { Navigate, useLocation } from 'react-router';
import { ROUTES } from '@vuxo/shared/routes';
import { ButtonLink } from '../../components/ui/button';
import { ConfettiBurst } from '../../components/ui/confetti-burst';
import { SimplePage } from '../../components/ui/simple-page';
import { resumeDeleteOf } from '../plans';
import { CONFETTI_PIECES, PAYMENT_CONFETTI_MS } from '../../ui-tuning';
import styles from './payment-page.module.css';

interface SuccessState {
  paymentSuccess?: boolean;
  planName?: string;
}

/** /payment/success, with confetti; without the paymentSuccess flag it goes to /wizard. */
export function PaymentSuccessPage() {
  const state = useLocation().state as SuccessState | null;
  if (!state?.paymentSuccess) return <Navigate to={ROUTES.wizard} replace />;
  // Sent to pay by a deletion the Free Trial refused: the dashboard offers that deletion again.
  const resumeDelete = resumeDeleteOf(state);
  return (
    <SimplePage eyebrow="Congratulations" title="Payment Successful" lead={state.planName}>
      <ConfettiBurst pieces={CONFETTI_PIECES} durationMs={PAYMENT_CONFETTI_MS} />
      <div className={styles.success}>
        <p>
          Thank you for choosing {state.planName}. A dedicated lead has been assigned to help you customise
          your chat or phone bot and will reach out soon.
        </p>
        <ButtonLink
          to={resumeDelete ? ROUTES.dashboard : ROUTES.wizard}
          state={resumeDelete ? { resumeDelete } : undefined}
        >
          Continue to Dashboard
        </ButtonLink>
      </div>
    </SimplePage>
  );
}
