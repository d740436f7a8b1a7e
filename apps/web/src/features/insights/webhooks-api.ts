import { WEBHOOK_MSG } from '@vuxo/shared/messages';
import { PUBLIC_API, publicApiPath } from '@vuxo/shared/public-api';
import {
  createdWebhookSchema,
  webhookDeliveriesResponseSchema,
  webhooksResponseSchema,
  type CreatedWebhook,
  type WebhookDeliveriesResponse,
  type WebhooksResponse,
} from '@vuxo/shared/schemas';
import type { WebhookEvent } from '@vuxo/shared/webhooks';
import { apiRequest, type TokenSource } from '../dashboard';

/** The bot's webhooks (decision 112): listed, added (the secret shown once), deleted, their log and resend. */
export function webhooksApi(getToken: TokenSource, botId: string) {
  const failure = WEBHOOK_MSG.requestFailedStatus;
  const hooks = publicApiPath(PUBLIC_API.webhooks, { botId });
  return {
    list: (): Promise<WebhooksResponse> =>
      apiRequest({
        path: hooks,
        getToken,
        parse: (json) => webhooksResponseSchema.safeParse(json).data,
        failure,
      }),
    create: (input: { url: string; events: WebhookEvent[] }): Promise<CreatedWebhook> =>
      apiRequest({
        path: hooks,
        method: 'POST',
        body: input,
        getToken,
        parse: (json) => createdWebhookSchema.safeParse(json).data,
        failure,
      }),
    remove: (webhookId: string): Promise<unknown> =>
      apiRequest({
        path: publicApiPath(PUBLIC_API.webhook, { botId, webhookId }),
        method: 'DELETE',
        getToken,
        parse: () => true,
        failure,
      }),
    deliveries: (webhookId: string): Promise<WebhookDeliveriesResponse> =>
      apiRequest({
        path: publicApiPath(PUBLIC_API.webhookDeliveries, { botId, webhookId }),
        getToken,
        parse: (json) => webhookDeliveriesResponseSchema.safeParse(json).data,
        failure,
      }),
    resend: (webhookId: string, deliveryId: string): Promise<unknown> =>
      apiRequest({
        path: publicApiPath(PUBLIC_API.webhookResend, { botId, webhookId, deliveryId }),
        method: 'POST',
        body: {},
        getToken,
        parse: () => true,
        failure,
      }),
  };
}
export type WebhooksApi = ReturnType<typeof webhooksApi>;
