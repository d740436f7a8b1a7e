import type { FastifyInstance } from 'fastify';
import {
  API,
  botIdQuerySchema,
  keyFactsResponseSchema,
  saveKeyFactsRequestSchema,
  type KeyFactsResponse,
} from '@vuxo/shared';
import type { AuthHandlers } from '../http/authenticate.js';
import { replies } from '../http/response-schemas.js';
import type { BotKeyFactsService } from '../services/bot-key-facts.js';

export interface KeyFactsRouteDeps {
  auth: AuthHandlers;
  keyFacts: BotKeyFactsService;
}

/** "What your bot knows" (owner only; another owner's bot is the same 404 as an unknown one). */
export function keyFactsRoutes(app: FastifyInstance, deps: KeyFactsRouteDeps) {
  const { auth, keyFacts } = deps;
  const owner = { preHandler: auth.requireUser };

  app.get(
    API.keyFacts,
    { ...owner, ...replies(keyFactsResponseSchema) },
    async (request): Promise<KeyFactsResponse> => {
      const { botId } = botIdQuerySchema.parse(request.query);
      return keyFacts.keyFacts(request.user!, botId);
    },
  );

  app.post(
    API.saveKeyFacts,
    { ...owner, ...replies(keyFactsResponseSchema) },
    async (request): Promise<KeyFactsResponse> =>
      keyFacts.save(request.user!, saveKeyFactsRequestSchema.parse(request.body)),
  );
}
