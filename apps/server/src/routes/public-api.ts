import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  PUBLIC_API,
  PUBLIC_API_DOCS,
  messageCodeSamples,
  apiStreamEventSchemas,
  apiConversationSchema,
  apiConversationsQuerySchema,
  apiConversationsResponseSchema,
  apiMessageRequestSchema,
  apiMessageResponseSchema,
  botPathSchema,
  conversationPathSchema,
  type ApiConversation,
  type ApiConversationsResponse,
  type ApiMessageResponse,
} from '@vuxo/shared';
import { apiKeyAuth, principalOf } from '../http/api-key-auth.js';
import { streamEvents } from '../http/event-stream.js';
import { pathOf } from '../http/path-params.js';
import { documented } from '../http/openapi/documented.js';
import type { ApiChatService } from '../services/public-api/api-chat.js';
import type { ApiConversationsService } from '../services/public-api/api-conversations.js';
import type { ApiKeysService } from '../services/public-api/api-keys.js';

export interface PublicApiRouteDeps {
  keys: ApiKeysService;
  chat: ApiChatService;
  conversations: ApiConversationsService;
}

const DOCS = PUBLIC_API_DOCS.routes;

/** The public API reached with a bot's key (decision 108): chat, and its conversations. */
export function publicApiRoutes(app: FastifyInstance, deps: PublicApiRouteDeps, publicUrl = '') {
  const withKey = apiKeyAuth(app, deps.keys);

  app.post(
    PUBLIC_API.messages,
    {
      preHandler: withKey('chat'),
      ...documented({
        id: 'sendMessage',
        ...DOCS.sendMessage,
        auth: 'apiKey',
        scope: 'chat',
        params: botPathSchema,
        body: apiMessageRequestSchema,
        reply: apiMessageResponseSchema,
        events: apiStreamEventSchemas,
        examples: messageCodeSamples(publicUrl),
      }),
    },
    async (request, reply): Promise<ApiMessageResponse | FastifyReply> => {
      pathOf(botPathSchema, request.params);
      const { stream, ...input } = apiMessageRequestSchema.parse(request.body);
      const principal = principalOf(request);
      reply.header('cache-control', 'no-store');
      // A client that goes away should not keep a model busy.
      const gone = new AbortController();
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) gone.abort();
      });
      if (!stream) {
        const { cut: _cut, ...answer } = await deps.chat.send(principal, input, { signal: gone.signal });
        return answer;
      }
      return streamEvents(reply, (onText) =>
        deps.chat.send(principal, input, { signal: gone.signal, onText }),
      );
    },
  );

  app.get(
    PUBLIC_API.conversations,
    {
      preHandler: withKey('read:conversations'),
      ...documented({
        id: 'listConversations',
        ...DOCS.listConversations,
        auth: 'apiKey',
        scope: 'read:conversations',
        params: botPathSchema,
        query: apiConversationsQuerySchema,
        reply: apiConversationsResponseSchema,
      }),
    },
    async (request): Promise<ApiConversationsResponse> => {
      pathOf(botPathSchema, request.params);
      const { page } = apiConversationsQuerySchema.parse(request.query);
      return deps.conversations.list(principalOf(request).botId, page);
    },
  );

  app.get(
    PUBLIC_API.conversation,
    {
      preHandler: withKey('read:conversations'),
      ...documented({
        id: 'getConversation',
        ...DOCS.getConversation,
        auth: 'apiKey',
        scope: 'read:conversations',
        params: conversationPathSchema,
        reply: apiConversationSchema,
      }),
    },
    async (request): Promise<ApiConversation> => {
      const { conversationId } = pathOf(conversationPathSchema, request.params);
      return deps.conversations.get(principalOf(request).botId, conversationId);
    },
  );
}
