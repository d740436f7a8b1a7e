import { Suspense, lazy } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { ROUTES } from '@vuxo/shared/routes';
import { appConfig } from '../../app/config';
import { PageLoading } from '../../components/ui/page-loading';
import { useAuth } from '../auth';
import { PLAN_PARAM, choosePlan, rememberSelectedPlan, resumeDeleteOf } from '../plans';
import { LocalCheckout } from './local-checkout';

/** Stripe's card field loads only where Stripe is configured, and only on this page. */
const StripeCheckout = lazy(() => import('./stripe-checkout'));

/** /payment: a signed-in owner pays for Basic or Pro by card; every other arrival is redirected. */
export function PaymentPage() {
  const location = useLocation();
  const { user } = useAuth();
  const [search] = useSearchParams();
  const planInAddress = search.get(PLAN_PARAM);
  if (planInAddress) {
    // A plan link followed before the scripts ran: keep the plan, and the address as the specification names it.
    rememberSelectedPlan(planInAddress);
    const state = { ...(location.state as object | null), planKey: planInAddress };
    return <Navigate to={ROUTES.payment} replace state={state} />;
  }
  const choice = choosePlan(location.state);
  const resumeDelete = resumeDeleteOf(location.state);
  if (!user) {
    const planKey = choice.kind === 'pay' ? choice.plan.key : undefined;
    const carried = {
      redirectAfterLogin: ROUTES.payment,
      planKey,
      ...(resumeDelete ? { resumeDelete } : {}),
    };
    return <Navigate to={ROUTES.login} replace state={carried} />;
  }
  if (choice.kind === 'redirect') return <Navigate to={choice.to} replace />;
  if (!appConfig().stripePublishableKey)
    return <LocalCheckout plan={choice.plan} resumeDelete={resumeDelete} />;
  return (
    <Suspense fallback={<PageLoading />}>
      <StripeCheckout plan={choice.plan} resumeDelete={resumeDelete} />
    </Suspense>
  );
}
