import { API } from '@vuxo/shared/api';
import { PAYMENT_MSG } from '@vuxo/shared/messages';
import type { CardPlanKey, Plan } from '@vuxo/shared/plans';
import {
  confirmLocalPaymentResponseSchema,
  createPaymentIntentResponseSchema,
  planChangeSchema,
  type CreatePaymentIntentResponse,
  type LocalCard,
  type PlanChange,
} from '@vuxo/shared/schemas';
import { requestApi } from '../../app/api-client';
import { CALL_TIMEOUT_MS } from '../../ui-tuning';

/**
 * POST /api/create-payment-intent (payment call 1): the plan's price id, its amount in cents and its name.
 * A refusal is the server's message, else 'Failed to create payment intent'.
 */
export function createPaymentIntent(
  token: string,
  plan: Plan,
  priceId: string,
): Promise<CreatePaymentIntentResponse> {
  return requestApi(
    API.createPaymentIntent,
    {
      method: 'POST',
      token,
      body: { priceId, amount: plan.amountCents, planName: plan.name },
      timeoutMs: CALL_TIMEOUT_MS.payment,
    },
    createPaymentIntentResponseSchema,
    () => PAYMENT_MSG.intentFailed,
  );
}

/** GET /api/plan-change: what paying for the plan now would do to the owner's paid time (the server's figures). */
export function getPlanChange(token: string, planKey: CardPlanKey, signal: AbortSignal): Promise<PlanChange> {
  return requestApi(
    `${API.planChange}?plan=${planKey}`,
    { token, signal, timeoutMs: CALL_TIMEOUT_MS.payment },
    planChangeSchema,
    () => PAYMENT_MSG.genericError,
  );
}

/** The local test mode's card charge (payment call 2 without Stripe): the decline message on refusal. */
export async function confirmLocalPayment(
  token: string,
  paymentIntentId: string,
  card: LocalCard,
  billingName: string,
): Promise<void> {
  await requestApi(
    API.confirmLocalPayment,
    {
      method: 'POST',
      token,
      body: { paymentIntentId, card, billingName },
      timeoutMs: CALL_TIMEOUT_MS.payment,
    },
    confirmLocalPaymentResponseSchema,
    () => PAYMENT_MSG.genericError,
  );
}
