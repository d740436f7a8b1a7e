import { z } from 'zod';
import { singleLine } from './single-line.js';

/** The payment calls: a payment intent, the local test mode's card charge, and the webhook's reply. */

/** Payment call 1: the plan's price id, its price in cents (compared with the plan table) and its name. */
export const createPaymentIntentRequestSchema = z.object({
  priceId: z.string().min(1).max(200),
  amount: z.number().int().nonnegative(),
  planName: z.string().min(1).max(100),
});
export type CreatePaymentIntentRequest = z.infer<typeof createPaymentIntentRequestSchema>;

export const createPaymentIntentResponseSchema = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
});
export type CreatePaymentIntentResponse = z.infer<typeof createPaymentIntentResponseSchema>;

/** The checkout's question before paying: which card plan the owner is about to buy. */
export const planChangeQuerySchema = z.object({ plan: z.enum(['basic', 'pro']) });

/**
 * What paying for a plan now would do (decision 033): `new` starts it now; `extend` adds the month after the
 * same plan's paid time; `queued` starts it when a dearer plan's paid time ends; `upgrade` starts it (now, or
 * after the same plan's paid time) with the unused value of the cheaper plan's periods added as extra days.
 */
export const planChangeSchema = z.object({
  kind: z.enum(['new', 'extend', 'queued', 'upgrade']),
  planName: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** The paid plan running now, and when its back-to-back paid time ends. */
  current: z.object({ planName: z.string(), endsAt: z.string() }).nullable(),
  /** On an upgrade: the plan whose unused time is converted, its value in cents and the days of the new plan. */
  credited: z
    .object({ planName: z.string(), cents: z.number().int().min(0), days: z.number().min(0) })
    .nullable(),
});
export type PlanChange = z.infer<typeof planChangeSchema>;

/** A card as the local test mode's form sends it (Stripe's card field in production never reaches us). */
export const localCardSchema = z.object({
  number: z.string().max(30),
  expMonth: z.number().int().min(0).max(99),
  expYear: z.number().int().min(0).max(9999),
  cvc: z.string().max(8),
  postalCode: z.string().max(20),
});
export type LocalCard = z.infer<typeof localCardSchema>;

export const confirmLocalPaymentRequestSchema = z.object({
  paymentIntentId: z.string().min(1).max(100),
  card: localCardSchema,
  billingName: singleLine(z.string().max(200)),
});
export type ConfirmLocalPaymentRequest = z.infer<typeof confirmLocalPaymentRequestSchema>;

export const confirmLocalPaymentResponseSchema = z.object({
  status: z.literal('succeeded'),
  planName: z.string(),
});
export type ConfirmLocalPaymentResponse = z.infer<typeof confirmLocalPaymentResponseSchema>;

export const webhookResponseSchema = z.object({ received: z.literal(true) });
export type WebhookResponse = z.infer<typeof webhookResponseSchema>;
