import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  PUBLIC_API,
  PUBLIC_API_DOCS,
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
import { documented } from '../http/openapi/documented.js';
import type { ApiKeysService } from '../services/public-api/api-keys.js';

/** The owner's API keys of a bot, signed in as on the dashboard (decision 108). */
export function apiKeyRoutes(app: FastifyInstance, deps: { auth: AuthHandlers; keys: ApiKeysService }) {
  const { auth, keys } = deps;
  const signedIn = { preHandler: auth.requireUser };
  const DOCS = PUBLIC_API_DOCS.routes;

  app.get(
    PUBLIC_API.keys,
    {
      ...signedIn,
      ...documented({
        id: 'listKeys',
        ...DOCS.listKeys,
        auth: 'owner',
        params: botPathSchema,
        reply: apiKeysResponseSchema,
      }),
    },
    async (request, reply) => {
      const { botId } = pathOf(botPathSchema, request.params);
      reply.header('cache-control', 'no-store');
      return keys.list(request.user!, botId) satisfies Promise<ApiKeysResponse>;
    },
  );

  app.post(
    PUBLIC_API.keys,
    {
      ...signedIn,
      ...documented({
        id: 'createKey',
        ...DOCS.createKey,
        auth: 'owner',
        params: botPathSchema,
        body: createApiKeyRequestSchema,
        reply: createdApiKeySchema,
        status: 201,
      }),
    },
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
    {
      ...signedIn,
      ...documented({
        id: 'revokeKey',
        ...DOCS.revokeKey,
        auth: 'owner',
        params: keyPathSchema,
        reply: noContentSchema,
        status: 204,
      }),
    },
    async (request, reply): Promise<FastifyReply> => {
      const { botId, keyId } = pathOf(keyPathSchema, request.params);
      await keys.revoke(request.user!, botId, keyId);
      return reply.status(204).send();
    },
  );
}
