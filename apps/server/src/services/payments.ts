import type { Kysely } from 'kysely';
import {
  PAYMENT_MSG,
  PLANS,
  PLAN_CURRENCY,
  type CreatePaymentIntentRequest,
  type CardPlanKey,
} from '@vuxo/shared';
import type { PaymentEvent, PaymentProvider } from '../adapters/payments/payment-provider.js';
import { chargeTestCard, type TestCard } from '../adapters/payments/test-cards.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../errors.js';
import { newId } from '../ids.js';
import type { PlanMails } from './email/plan-mails.js';
import { activatePlan, planChange } from './plan-changes.js';

/** The plans a card can pay for, by the payment provider's price id. */
export type PriceIds = Record<'basic' | 'pro', string>;

const cardPlanKey = (key: string | undefined): CardPlanKey | null =>
  key === 'basic' || key === 'pro' ? key : null;

/** What handling one provider event did. */
export type EventOutcome = 'activated' | 'failed' | 'duplicate' | 'ignored';

export interface Logger {
  warn(details: object, message: string): void;
}

/**
 * Card payments for the paid plans. The amount always comes from the plan table; a plan becomes active only
 * when the provider says the payment succeeded (a Stripe webhook, or the local test mode's card charge),
 * once per event and once per payment, for one month (with what a plan change credits: plan-changes.ts).
 */
export function paymentsService(deps: {
  db: Kysely<Database>;
  provider: PaymentProvider;
  prices: PriceIds;
  /** The receipt, queued with the payment that settles. */
  receipts: Pick<PlanMails, 'queueReceipt' | 'wake'>;
}) {
  const { db, provider, prices } = deps;
  const planOfPrice = (priceId: string): CardPlanKey | null =>
    priceId === prices.basic ? 'basic' : priceId === prices.pro ? 'pro' : null;

  async function handleEvent(event: PaymentEvent, log: Logger): Promise<EventOutcome> {
    const outcome = await settle(event, log);
    if (outcome === 'activated') deps.receipts.wake();
    return outcome;
  }

  function settle(event: PaymentEvent, log: Logger): Promise<EventOutcome> {
    return db.transaction().execute(async (trx) => {
      const fresh = await trx
        .insertInto('payment_events')
        .values({ id: event.id, provider: provider.name, received_at: new Date().toISOString() })
        .onConflict((oc) => oc.column('id').doNothing())
        .executeTakeFirst();
      if (Number(fresh.numInsertedOrUpdatedRows ?? 0) === 0) return 'duplicate';
      if (event.type === 'other' || !event.intent) return 'ignored';

      const { intent } = event;
      const payment = await trx
        .selectFrom('payments')
        .selectAll()
        .where('provider', '=', provider.name)
        .where('provider_payment_id', '=', intent.id)
        .executeTakeFirst();
      const planKey = cardPlanKey(intent.metadata.planKey);
      const userId = intent.metadata.userId;
      const plan = planKey ? PLANS[planKey] : null;
      const matches =
        payment !== undefined &&
        plan !== null &&
        payment.user_id === userId &&
        payment.plan_key === plan.key &&
        payment.amount_cents === intent.amountCents &&
        plan.amountCents === intent.amountCents &&
        payment.currency === intent.currency;
      if (!matches || !planKey) {
        log.warn(
          { eventId: event.id, intentId: intent.id },
          'payment event does not match a payment of ours',
        );
        return 'ignored';
      }
      const now = new Date().toISOString();
      if (event.type === 'failed') {
        await trx
          .updateTable('payments')
          .set({ status: 'failed', updated_at: now })
          .where('id', '=', payment.id)
          .where('status', '=', 'requires_payment')
          .execute();
        return 'failed';
      }
      const settled = await trx
        .updateTable('payments')
        .set({ status: 'succeeded', updated_at: now })
        .where('id', '=', payment.id)
        .where('status', '!=', 'succeeded')
        .executeTakeFirst();
      if (Number(settled.numUpdatedRows) === 0) return 'duplicate';
      const period = await activatePlan(trx, payment.user_id, planKey, payment.id);
      await deps.receipts.queueReceipt(trx, {
        userId: payment.user_id,
        planKey,
        paymentId: payment.id,
        amountCents: payment.amount_cents,
        currency: payment.currency,
        periodStart: period.start,
        periodEnd: period.end,
      });
      return 'activated';
    });
  }

  return {
    provider: provider.name,

    /** A payment intent for the plan the price id names; the client's amount must be the plan's price. */
    async createIntent(userId: string, request: CreatePaymentIntentRequest) {
      const planKey = planOfPrice(request.priceId);
      const plan = planKey ? PLANS[planKey] : null;
      if (!planKey || !plan || plan.amountCents === null || request.planName !== plan.name) {
        throw new AppError('invalid', PAYMENT_MSG.unknownPlan);
      }
      if (request.amount !== plan.amountCents) throw new AppError('invalid', PAYMENT_MSG.amountMismatch);
      const id = newId('pay');
      const intent = await provider.createIntent({
        amountCents: plan.amountCents,
        currency: PLAN_CURRENCY,
        metadata: { userId, planKey },
        idempotencyKey: id,
        description: `Vuxo ${plan.name} plan, one month`,
      });
      const now = new Date().toISOString();
      await db
        .insertInto('payments')
        .values({
          id,
          user_id: userId,
          provider: provider.name,
          provider_payment_id: intent.id,
          plan_key: plan.key,
          amount_cents: plan.amountCents,
          currency: PLAN_CURRENCY,
          status: 'requires_payment',
          created_at: now,
          updated_at: now,
        })
        .execute();
      return { clientSecret: intent.clientSecret, paymentIntentId: intent.id };
    },

    handleEvent,

    /** What paying for the plan now would do to the owner's paid time, said on the checkout page first. */
    async planChange(userId: string, planKey: CardPlanKey) {
      return (await planChange(db, userId, planKey)).change;
    },

    /**
     * The local test mode's card charge: the caller's own unpaid intent, charged as Stripe charges its test
     * cards; a success goes through handleEvent as a webhook would.
     */
    async confirmLocal(userId: string, paymentIntentId: string, card: TestCard, log: Logger) {
      if (provider.name !== 'local') throw new AppError('notFound', PAYMENT_MSG.paymentNotFound);
      const payment = await db
        .selectFrom('payments')
        .selectAll()
        .where('provider', '=', 'local')
        .where('provider_payment_id', '=', paymentIntentId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!payment) throw new AppError('notFound', PAYMENT_MSG.paymentNotFound);
      if (payment.status === 'succeeded') throw new AppError('conflict', PAYMENT_MSG.alreadyPaid);
      const declined = chargeTestCard(card);
      if (declined) throw new AppError('paymentDeclined', declined);
      await handleEvent(
        {
          id: `evt_local_${paymentIntentId}`,
          type: 'succeeded',
          intent: {
            id: paymentIntentId,
            amountCents: payment.amount_cents,
            currency: payment.currency,
            metadata: { userId, planKey: payment.plan_key },
          },
        },
        log,
      );
      return { status: 'succeeded' as const, planName: PLANS[payment.plan_key].name };
    },
  };
}
export type PaymentsService = ReturnType<typeof paymentsService>;
