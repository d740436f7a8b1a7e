import type { FastifyInstance } from 'fastify';
import {
  API,
  confirmLocalPaymentRequestSchema,
  confirmLocalPaymentResponseSchema,
  createPaymentIntentRequestSchema,
  createPaymentIntentResponseSchema,
  planChangeQuerySchema,
  planChangeSchema,
  webhookResponseSchema,
  type ConfirmLocalPaymentResponse,
  type CreatePaymentIntentResponse,
  type PlanChange,
  type WebhookResponse,
} from '@vuxo/shared';
import { InvalidWebhookError, type PaymentProvider } from '../adapters/payments/payment-provider.js';
import type { AuthHandlers } from '../http/authenticate.js';
import { minuteLimiter } from '../http/rate-limits.js';
import { replies } from '../http/response-schemas.js';
import { AppError } from '../errors.js';
import type { PaymentsService } from '../services/payments.js';

export interface PaymentRouteDeps {
  auth: AuthHandlers;
  payments: PaymentsService;
  provider: PaymentProvider;
}

/** Payment attempts per signed-in user a minute: a person retrying a declined card stays far below it. */
const PAYMENT_CALLS_PER_MINUTE = 20;
/** Stripe signs a few kilobytes of JSON; anything far larger is not a webhook of ours. */
const WEBHOOK_MAX_BYTES = 256 * 1024;

/**
 * The payment calls: what a plan would change before paying, a payment intent, the local test mode's card charge,
 * and Stripe's webhook.
 */
export function paymentRoutes(app: FastifyInstance, deps: PaymentRouteDeps) {
  const { auth, payments } = deps;
  const perUser = minuteLimiter(app, {
    name: 'pay',
    max: PAYMENT_CALLS_PER_MINUTE,
    keyOf: (r) => r.user!.id,
  });

  app.get(
    API.planChange,
    { preHandler: auth.requireUser, ...replies(planChangeSchema) },
    async (request): Promise<PlanChange> => {
      const { plan } = planChangeQuerySchema.parse(request.query);
      return payments.planChange(request.user!.id, plan);
    },
  );

  app.post(
    API.createPaymentIntent,
    { preHandler: [auth.requireUser, perUser], ...replies(createPaymentIntentResponseSchema) },
    async (request): Promise<CreatePaymentIntentResponse> => {
      const body = createPaymentIntentRequestSchema.parse(request.body);
      return payments.createIntent(request.user!.id, body);
    },
  );

  if (deps.provider.name === 'local') {
    app.post(
      API.confirmLocalPayment,
      { preHandler: [auth.requireUser, perUser], ...replies(confirmLocalPaymentResponseSchema) },
      async (request): Promise<ConfirmLocalPaymentResponse> => {
        const { paymentIntentId, card } = confirmLocalPaymentRequestSchema.parse(request.body);
        return payments.confirmLocal(request.user!.id, paymentIntentId, card, request.log);
      },
    );
  }

  // The signature covers the exact bytes Stripe sent, so this route alone reads its body raw.
  app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_MAX_BYTES },
      (_req, body, done) => done(null, body),
    );
    webhook.post(
      API.stripeWebhook,
      replies(webhookResponseSchema),
      async (request): Promise<WebhookResponse> => {
        const signature = request.headers['stripe-signature'];
        let event;
        try {
          event = deps.provider.readWebhook(
            Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
            typeof signature === 'string' ? signature : undefined,
          );
        } catch (error) {
          if (error instanceof InvalidWebhookError) throw new AppError('invalid', error.message);
          throw error;
        }
        const outcome = await payments.handleEvent(event, request.log);
        request.log.info({ eventId: event.id, outcome }, 'payment webhook');
        return { received: true };
      },
    );
  });
}
