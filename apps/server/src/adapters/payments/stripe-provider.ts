import Stripe from 'stripe';
import {
  InvalidWebhookError,
  type CreatedIntent,
  type NewIntent,
  type PaymentEvent,
  type PaymentProvider,
} from './payment-provider.js';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Where the API is; Stripe's own by default (tests point it at a local server). */
  apiBase?: URL;
}

/**
 * Stripe's signature timestamps further than this from now are refused (Stripe's own default). The SDK checks
 * only the past: a delivery signed in the future is refused here.
 */
const WEBHOOK_TOLERANCE_S = 300;

/** Card payments through Stripe: payment intents, confirmed in the browser by Stripe.js, settled by webhook. */
export function stripePaymentProvider(settings: StripeSettings): PaymentProvider {
  const base = settings.apiBase;
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port) || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
  return {
    name: 'stripe',
    async createIntent(input: NewIntent): Promise<CreatedIntent> {
      const intent = await stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: input.currency,
          description: input.description,
          metadata: { ...input.metadata },
          // Paid with the card field on the page: nothing that leaves the page for another site.
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
        },
        { idempotencyKey: input.idempotencyKey },
      );
      if (!intent.client_secret) throw new Error('Stripe returned a payment intent without a client secret.');
      return { id: intent.id, clientSecret: intent.client_secret };
    },
    readWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent {
      if (!signature) throw new InvalidWebhookError('The webhook is not signed.');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          settings.webhookSecret,
          WEBHOOK_TOLERANCE_S,
        );
      } catch {
        throw new InvalidWebhookError('The webhook signature does not match.');
      }
      if (signedAt(signature) > Date.now() / 1000 + WEBHOOK_TOLERANCE_S)
        throw new InvalidWebhookError('The webhook is signed in the future.');
      if (event.type !== 'payment_intent.succeeded' && event.type !== 'payment_intent.payment_failed') {
        return { id: event.id, type: 'other', intent: null };
      }
      const intent = event.data.object;
      return {
        id: event.id,
        type: event.type === 'payment_intent.succeeded' ? 'succeeded' : 'failed',
        intent: {
          id: intent.id,
          amountCents: intent.amount_received || intent.amount,
          currency: intent.currency,
          metadata: { userId: intent.metadata.userId, planKey: intent.metadata.planKey },
        },
      };
    },
  };
}

/** The `t=` of a `Stripe-Signature` header, read as the SDK reads it (the last one counts); NaN without one. */
function signedAt(signature: string): number {
  let timestamp = Number.NaN;
  for (const item of signature.split(',')) {
    const [key, value] = item.split('=');
    if (key === 't') timestamp = Number.parseInt(value ?? '', 10);
  }
  return timestamp;
}
