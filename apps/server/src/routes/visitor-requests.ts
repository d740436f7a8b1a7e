import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import {
  API,
  botIdQuerySchema,
  botRequestSettingsSchema,
  botRequestsQuerySchema,
  botRequestsResponseSchema,
  successResponseSchema,
  updateBotRequestSchema,
  updateBotRequestSettingsSchema,
  visitorRequestBodySchema,
  type BotRequestSettings,
  type BotRequestsResponse,
} from '@vuxo/shared';
import type { AuthHandlers } from '../http/authenticate.js';
import { replies } from '../http/response-schemas.js';
import type { ChatService } from '../services/chat.js';
import type { RequestsInboxService } from '../services/insights/requests-inbox.js';
import type { VisitorRequestsService } from '../services/visitor-requests.js';
import { visitorOf } from './chat.js';

/** Anyone may send, so requests are limited per address too, before the per-day limits of the service. */
const REQUEST_RATE_LIMIT = { rateLimit: { max: 5, timeWindow: '10 minutes' } };
const REQUEST_BODY_MAX_BYTES = 64 * 1024;

export interface VisitorRequestRouteDeps {
  auth: AuthHandlers;
  chat: ChatService;
  requests: VisitorRequestsService;
  inbox: RequestsInboxService;
  originGuard?: preHandlerAsyncHookHandler;
}

/** The widget's request form and the owner's "Requests" inbox (decision 068). */
export function visitorRequestRoutes(app: FastifyInstance, deps: VisitorRequestRouteDeps) {
  const { auth, inbox } = deps;
  const owner = { preHandler: auth.requireUser };

  app.post(
    API.visitorRequest,
    {
      config: REQUEST_RATE_LIMIT,
      bodyLimit: REQUEST_BODY_MAX_BYTES,
      ...(deps.originGuard ? { preHandler: deps.originGuard } : {}),
      ...replies(successResponseSchema),
    },
    async (request, reply) => {
      const body = visitorRequestBodySchema.parse(request.body);
      const visitor = visitorOf(request, reply, deps.chat);
      await deps.requests.create(body, visitor);
      return { success: true as const };
    },
  );

  app.get(
    API.botRequests,
    { ...owner, ...replies(botRequestsResponseSchema) },
    async (request): Promise<BotRequestsResponse> =>
      inbox.list(request.user!, botRequestsQuerySchema.parse(request.query)),
  );

  app.post(API.updateBotRequest, { ...owner, ...replies(successResponseSchema) }, async (request) => {
    const { botId, requestId, status } = updateBotRequestSchema.parse(request.body);
    await inbox.setStatus(request.user!, botId, requestId, status);
    return { success: true as const };
  });

  app.get(API.botRequestsCsv, owner, async (request, reply) => {
    const { botId } = botIdQuerySchema.parse(request.query);
    const csv = await inbox.exportCsv(request.user!, botId);
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${botId}-requests.csv"`)
      .header('cache-control', 'no-store');
    return csv;
  });

  app.get(
    API.botRequestSettings,
    { ...owner, ...replies(botRequestSettingsSchema) },
    async (request): Promise<BotRequestSettings> =>
      inbox.settings(request.user!, botIdQuerySchema.parse(request.query).botId),
  );

  app.post(
    API.updateBotRequestSettings,
    { ...owner, ...replies(botRequestSettingsSchema) },
    async (request): Promise<BotRequestSettings> =>
      inbox.updateSettings(request.user!, updateBotRequestSettingsSchema.parse(request.body)),
  );
}
