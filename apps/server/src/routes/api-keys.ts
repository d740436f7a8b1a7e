import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  PUBLIC_API,
  apiKeysResponseSchema,
  createApiKeyRequestSchema,
  createdApiKeySchema,
  keyPathSchema,
  noContentSchema,
  botPathSchema,
  type ApiKeysResponse,
  type CreatedApiKey,
} from '@vuxo/shared';
import type { AuthHandlers } from '../http/authenticate.js';
import { pathOf } from '../http/path-params.js';
import { replies } from '../http/response-schemas.js';
import type { ApiKeysService } from '../services/public-api/api-keys.js';

/** The owner's API keys of a bot, signed in as on the dashboard (decision 108). */
export function apiKeyRoutes(app: FastifyInstance, deps: { auth: AuthHandlers; keys: ApiKeysService }) {
  const { auth, keys } = deps;
  const signedIn = { preHandler: auth.requireUser };

  app.get(PUBLIC_API.keys, { ...signedIn, ...replies(apiKeysResponseSchema) }, async (request, reply) => {
    const { botId } = pathOf(botPathSchema, request.params);
    reply.header('cache-control', 'no-store');
    return keys.list(request.user!, botId) satisfies Promise<ApiKeysResponse>;
  });

  app.post(
    PUBLIC_API.keys,
    { ...signedIn, ...replies(createdApiKeySchema) },
    async (request, reply): Promise<CreatedApiKey> => {
      const { botId } = pathOf(botPathSchema, request.params);
      const input = createApiKeyRequestSchema.parse(request.body);
      const created = await keys.create(request.user!, botId, input);
      reply.status(201).header('cache-control', 'no-store');
      return created;
    },
  );

  app.delete(
    PUBLIC_API.key,
    { ...signedIn, ...replies(noContentSchema) },
    async (request, reply): Promise<FastifyReply> => {
      const { botId, keyId } = pathOf(keyPathSchema, request.params);
      await keys.revoke(request.user!, botId, keyId);
      return reply.status(204).send();
    },
  );
}
