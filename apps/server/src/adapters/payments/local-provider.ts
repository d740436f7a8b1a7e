import { randomBytes } from 'node:crypto';
import {
  InvalidWebhookError,
  type CreatedIntent,
  type NewIntent,
  type PaymentProvider,
} from './payment-provider.js';

/**
 * The local test mode: intents made here, paid with Stripe's test cards through the product's own card form
 * (see test-cards.ts). Nothing leaves the machine, so there are no webhooks: a confirmed card payment is
 * handed to the same event handler a Stripe webhook reaches.
 */
export function localPaymentProvider(): PaymentProvider {
  const intents = new Map<string, CreatedIntent>();
  return {
    name: 'local',
    async createIntent(input: NewIntent): Promise<CreatedIntent> {
      const known = intents.get(input.idempotencyKey);
      if (known) return known;
      const id = `pi_local_${randomBytes(12).toString('hex')}`;
      const intent = { id, clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}` };
      intents.set(input.idempotencyKey, intent);
      return intent;
    },
    readWebhook(): never {
      throw new InvalidWebhookError('The local test mode receives no webhooks.');
    },
  };
}
