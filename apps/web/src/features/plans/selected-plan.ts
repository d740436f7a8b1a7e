import { PLANS, type Plan } from '@vuxo/shared/plans';
import { ROUTES } from '@vuxo/shared/routes';
import { SELECTED_PLAN_KEY } from '@vuxo/shared/storage-keys';

/** The plan the payment page sells, or where it sends the visitor instead. */
export type PlanChoice = { kind: 'pay'; plan: Plan } | { kind: 'redirect'; to: string };

/** Keeps the plan chosen on /plans, so /payment finds it after a sign-in or a reload. */
export function rememberSelectedPlan(planKey: string): void {
  try {
    localStorage.setItem(SELECTED_PLAN_KEY, planKey);
  } catch {
    // Storage may be full or refused; navigation state still carries the plan.
  }
}

function storedPlanKey(): string | null {
  try {
    return localStorage.getItem(SELECTED_PLAN_KEY);
  } catch {
    return null;
  }
}

/** The query parameter that carries a chosen plan in /payment's address, for a click made before the page's scripts ran. */
export const PLAN_PARAM = 'plan';

/** /payment's address for a plan: the link works even when followed as a plain page load. */
export function paymentPathFor(planKey: string): string {
  return `${ROUTES.payment}?${PLAN_PARAM}=${encodeURIComponent(planKey)}`;
}

/**
 * The plan from navigation state, else the stored one: none or the trial → /wizard, Enterprise → /contact,
 * an unknown id → Basic.
 */
export function choosePlan(state: unknown): PlanChoice {
  const fromState = (state as { planKey?: unknown } | null)?.planKey;
  const key = typeof fromState === 'string' && fromState ? fromState : storedPlanKey();
  if (!key || key === 'trial') return { kind: 'redirect', to: ROUTES.wizard };
  if (key === 'enterprise') return { kind: 'redirect', to: ROUTES.contact };
  return { kind: 'pay', plan: key === 'pro' ? PLANS.pro : PLANS.basic };
}
