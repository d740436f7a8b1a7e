import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  PUBLIC_API,
  PUBLIC_API_DOCS,
  botPathSchema,
  createWebhookRequestSchema,
  createdWebhookSchema,
  deliveryPathSchema,
  noContentSchema,
  webhookDeliveriesResponseSchema,
  webhookPathSchema,
  webhooksResponseSchema,
  type CreatedWebhook,
  type WebhookDeliveriesResponse,
  type WebhooksResponse,
} from '@vuxo/shared';
import type { AuthHandlers } from '../http/authenticate.js';
import { pathOf } from '../http/path-params.js';
import { documented } from '../http/openapi/documented.js';
import type { WebhookEndpointsService } from '../services/webhooks/endpoints.js';

/** A bot's webhooks, managed by its owner signed in as on the dashboard (decision 112). */
export function webhookRoutes(
  app: FastifyInstance,
  deps: { auth: AuthHandlers; webhooks: WebhookEndpointsService },
) {
  const { auth, webhooks } = deps;
  const signedIn = { preHandler: auth.requireUser };
  const DOCS = PUBLIC_API_DOCS.routes;
  const owner = { auth: 'owner' } as const;

  app.get(
    PUBLIC_API.webhooks,
    {
      ...signedIn,
      ...documented({
        id: 'listWebhooks',
        ...DOCS.listWebhooks,
        ...owner,
        params: botPathSchema,
        reply: webhooksResponseSchema,
      }),
    },
    async (request, reply) => {
      const { botId } = pathOf(botPathSchema, request.params);
      reply.header('cache-control', 'no-store');
      return webhooks.list(request.user!, botId) satisfies Promise<WebhooksResponse>;
    },
  );

  app.post(
    PUBLIC_API.webhooks,
    {
      ...signedIn,
      ...documented({
        id: 'createWebhook',
        ...DOCS.createWebhook,
        ...owner,
        params: botPathSchema,
        body: createWebhookRequestSchema,
        reply: createdWebhookSchema,
        status: 201,
      }),
    },
    async (request, reply): Promise<CreatedWebhook> => {
      const { botId } = pathOf(botPathSchema, request.params);
      const input = createWebhookRequestSchema.parse(request.body);
      const created = await webhooks.create(request.user!, botId, input);
      reply.status(201).header('cache-control', 'no-store');
      return created;
    },
  );

  app.delete(
    PUBLIC_API.webhook,
    {
      ...signedIn,
      ...documented({
        id: 'deleteWebhook',
        ...DOCS.deleteWebhook,
        ...owner,
        params: webhookPathSchema,
        reply: noContentSchema,
        status: 204,
      }),
    },
    async (request, reply): Promise<FastifyReply> => {
      const { botId, webhookId } = pathOf(webhookPathSchema, request.params);
      await webhooks.remove(request.user!, botId, webhookId);
      return reply.status(204).send();
    },
  );

  app.get(
    PUBLIC_API.webhookDeliveries,
    {
      ...signedIn,
      ...documented({
        id: 'listDeliveries',
        ...DOCS.listDeliveries,
        ...owner,
        params: webhookPathSchema,
        reply: webhookDeliveriesResponseSchema,
      }),
    },
    async (request, reply) => {
      const { botId, webhookId } = pathOf(webhookPathSchema, request.params);
      reply.header('cache-control', 'no-store');
      return webhooks.deliveries(
        request.user!,
        botId,
        webhookId,
      ) satisfies Promise<WebhookDeliveriesResponse>;
    },
  );

  app.post(
    PUBLIC_API.webhookResend,
    {
      ...signedIn,
      ...documented({
        id: 'resendDelivery',
        ...DOCS.resendDelivery,
        ...owner,
        params: deliveryPathSchema,
        reply: noContentSchema,
        status: 202,
      }),
    },
    async (request, reply): Promise<FastifyReply> => {
      const { botId, webhookId, deliveryId } = pathOf(deliveryPathSchema, request.params);
      await webhooks.resend(request.user!, botId, webhookId, deliveryId);
      return reply.status(202).send();
    },
  );
}
