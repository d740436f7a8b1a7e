import { z } from 'zod';
import { WEBHOOK_MSG } from '../messages/webhooks.js';
import { PUBLIC_API_MSG } from '../messages/public-api.js';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENTS, WEBHOOK_URL_MAX } from '../webhooks.js';

/** The webhooks' requests and replies (decision 112). */

const pathId = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, PUBLIC_API_MSG.notFound);

export const webhookPathSchema = z.object({ botId: pathId, webhookId: pathId });
export const deliveryPathSchema = z.object({ botId: pathId, webhookId: pathId, deliveryId: pathId });

/** The address as typed: a web address without credentials; the server then checks where it leads. */
export const webhookUrlSchema = z
  .string({ error: WEBHOOK_MSG.urlRequired })
  .trim()
  .min(1, WEBHOOK_MSG.urlRequired)
  .max(WEBHOOK_URL_MAX, WEBHOOK_MSG.urlTooLong)
  // A host, and no user name or password before it.
  .regex(/^https?:\/\/[^\s/?#@\\]+(?:[/?#]\S*)?$/i, WEBHOOK_MSG.urlInvalid)
  .pipe(z.url({ protocol: /^https?$/, error: WEBHOOK_MSG.urlInvalid }));

export const createWebhookRequestSchema = z.object({
  url: webhookUrlSchema,
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: WEBHOOK_MSG.eventUnknown }), { error: WEBHOOK_MSG.eventsRequired })
    .min(1, WEBHOOK_MSG.eventsRequired)
    .max(WEBHOOK_EVENTS.length)
    .transform((events) => [...new Set(events)]),
});
export type CreateWebhookRequest = z.input<typeof createWebhookRequestSchema>;

export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  createdAt: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** The one reply that carries the signing secret. */
export const createdWebhookSchema = webhookSchema.extend({ secret: z.string() });
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

export const webhooksResponseSchema = z.object({
  webhooks: z.array(webhookSchema),
  /** The owner's plan's endpoints per bot (0: none). */
  maxWebhooks: z.number().int().min(0),
});
export type WebhooksResponse = z.infer<typeof webhooksResponseSchema>;

export const webhookDeliverySchema = z.object({
  /** The `webhook-id` the receiver sees, the same on every attempt and resend. */
  id: z.string(),
  event: z.enum(WEBHOOK_EVENTS),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int().min(0),
  /** The receiver's last HTTP status; null when it gave none (refused, timed out). */
  responseStatus: z.number().int().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveriesResponseSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });
export type WebhookDeliveriesResponse = z.infer<typeof webhookDeliveriesResponseSchema>;
