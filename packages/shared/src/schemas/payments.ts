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
