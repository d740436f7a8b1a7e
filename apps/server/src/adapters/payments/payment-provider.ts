import type { CardPlanKey } from '@vuxo/shared/plans';

/** What the product asks of a card payment provider: Stripe, or the local test mode that mirrors it. */
export interface PaymentProvider {
  readonly name: 'stripe' | 'local';
  /** Creates a payment intent; the same idempotency key gives back the same intent. */
  createIntent(input: NewIntent): Promise<CreatedIntent>;
  /**
   * Reads a webhook delivery: the raw body and its signature header, checked with the webhook secret.
   * Throws InvalidWebhookError for a missing, forged, modified or stale signature.
   */
  readWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent;
}

export interface NewIntent {
  amountCents: number;
  currency: string;
  /** Who pays for what: carried by the provider and checked again when the payment succeeds. */
  metadata: PaymentMetadata;
  idempotencyKey: string;
  description: string;
}

export interface PaymentMetadata {
  userId: string;
  planKey: CardPlanKey;
}

export interface CreatedIntent {
  id: string;
  clientSecret: string;
}

/** A provider's event about a payment intent, in the product's terms. */
export interface PaymentEvent {
  /** The provider's event id: an event is handled once however often it is delivered. */
  id: string;
  type: 'succeeded' | 'failed' | 'other';
  intent: {
    id: string;
    amountCents: number;
    currency: string;
    metadata: Partial<Record<keyof PaymentMetadata, string>>;
  } | null;
}

/** The webhook's signature is missing or does not match its body, its secret or the time. */
export class InvalidWebhookError extends Error {
  override name = 'InvalidWebhookError';
}
