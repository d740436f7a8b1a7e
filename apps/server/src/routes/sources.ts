import type { FastifyInstance } from 'fastify';
import {
  API,
  addBotSourceRequestSchema,
  addBotSourceResponseSchema,
  botIdQuerySchema,
  botSourceRequestSchema,
  botSourcesResponseSchema,
  chooseSourceFactRequestSchema,
  pauseBotSourceRequestSchema,
  refreshBotSourceRequestSchema,
  successResponseSchema,
  type BotSourcesResponse,
} from '@vuxo/shared';
import type { AuthHandlers } from '../http/authenticate.js';
import { replies } from '../http/response-schemas.js';
import type { BotSourcesService } from '../services/bot-sources.js';
import type { SourceFactChoice } from '../services/source-fact-choice.js';

/** A bot's website sources (owner only; another user's bot is the same 404). */
export function sourceRoutes(
  app: FastifyInstance,
  deps: { auth: AuthHandlers; sources: BotSourcesService; factChoice: SourceFactChoice },
) {
  const { auth, sources } = deps;
  const owner = { preHandler: auth.requireUser };

  app.get(
    API.botSources,
    { ...owner, ...replies(botSourcesResponseSchema) },
    async (request): Promise<BotSourcesResponse> =>
      sources.list(request.user!, botIdQuerySchema.parse(request.query).botId),
  );

  app.post(API.addBotSource, { ...owner, ...replies(addBotSourceResponseSchema) }, async (request) =>
    sources.add(request.user!, addBotSourceRequestSchema.parse(request.body)),
  );

  app.post(API.refreshBotSource, { ...owner, ...replies(successResponseSchema) }, async (request) => {
    const { botId, id, url } = refreshBotSourceRequestSchema.parse(request.body);
    await sources.refresh(request.user!, botId, { id, url });
    return { success: true as const };
  });

  app.post(API.chooseSourceFact, { ...owner, ...replies(successResponseSchema) }, async (request) => {
    await deps.factChoice.choose(request.user!, chooseSourceFactRequestSchema.parse(request.body));
    return { success: true as const };
  });

  app.post(API.pauseBotSource, { ...owner, ...replies(successResponseSchema) }, async (request) => {
    const { botId, id, paused } = pauseBotSourceRequestSchema.parse(request.body);
    await sources.setPaused(request.user!, botId, id, paused);
    return { success: true as const };
  });

  app.post(API.deleteBotSource, { ...owner, ...replies(successResponseSchema) }, async (request) => {
    const { botId, id } = botSourceRequestSchema.parse(request.body);
    await sources.remove(request.user!, botId, id);
    return { success: true as const };
  });
}
