import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import {
  LIVE_API,
  LIVE_MSG,
  VISITOR_ID_HEADER,
  liveBotQuerySchema,
  liveConversationQuerySchema,
  liveConversationSchema,
  liveConversationsSchema,
  liveEventSchema,
  liveEventsQuerySchema,
  liveHandBackBodySchema,
  livePresenceBodySchema,
  livePresenceSchema,
  liveReplyBodySchema,
  liveRequestBodySchema,
  liveStatusSchema,
  liveVisitorQuerySchema,
  successResponseSchema,
} from '@vuxo/shared';
import { AppError } from '../errors.js';
import type { AuthHandlers } from '../http/authenticate.js';
import { liveStreams } from '../http/live-stream.js';
import { replies } from '../http/response-schemas.js';
import { visitorCookies } from '../http/visitor-cookie.js';
import type { ChatService } from '../services/chat.js';
import type { LiveConversationsService } from '../services/live/live-conversations.js';
import { botChannel, conversationChannel, type LiveHub } from '../services/live/live-hub.js';
import type { LiveView } from '../services/live/live-view.js';
import { visitorOf } from './chat.js';

export interface LiveRouteDeps {
  auth: AuthHandlers;
  chat: ChatService;
  live: LiveConversationsService;
  view: LiveView;
  hub: LiveHub;
  originGuard?: preHandlerAsyncHookHandler;
}

/** Requests per minute per address on the visitor's live calls (a stream reconnects every few seconds at worst). */
const VISITOR_RATE = { rateLimit: { max: 60, timeWindow: '1 minute' } };

/**
 * A visitor's signed id, from the query (an EventSource sends no headers), the header or the cookie; a stream
 * is opened only for an id this server issued: its conversation is derived from it, so guessing a conversation
 * id opens nothing.
 */
function signedVisitor(request: FastifyRequest, chat: ChatService, fromQuery: string | undefined): string {
  const header = request.headers[VISITOR_ID_HEADER];
  const sent = [
    fromQuery ?? null,
    (Array.isArray(header) ? header[0] : header) ?? null,
    ...visitorCookies(request),
  ];
  const visitor = chat.identifyVisitor({ sentIds: sent, address: request.ip });
  if (!sent.includes(visitor.id)) throw new AppError('notFound', LIVE_MSG.visitorUnknown);
  return visitor.id;
}

const lastEventId = (request: FastifyRequest, after: number | undefined): number => {
  const header = Number(request.headers['last-event-id']);
  return Number.isSafeInteger(header) && header >= 0 ? header : (after ?? 0);
};

/** A person steps in (issue 47, decision 115): the widget's live calls and the owner's Live view. */
export function liveRoutes(app: FastifyInstance, deps: LiveRouteDeps) {
  const { auth, chat, live, view, hub } = deps;
  const streams = liveStreams(app);
  const guard = deps.originGuard ? { preHandler: deps.originGuard } : {};
  const owner = { preHandler: auth.requireUser };

  app.get(
    LIVE_API.liveStatus,
    { config: VISITOR_RATE, ...guard, ...replies(liveStatusSchema) },
    async (request, reply) => {
      const { botConfigId } = liveVisitorQuerySchema.parse(request.query);
      reply.header('cache-control', 'no-store');
      return live.status(botConfigId, visitorOf(request, reply, chat).id);
    },
  );

  app.post(
    LIVE_API.liveRequest,
    { config: VISITOR_RATE, ...guard, ...replies(liveStatusSchema) },
    async (request, reply) => {
      const { botConfigId } = liveRequestBodySchema.parse(request.body);
      return live.request(botConfigId, visitorOf(request, reply, chat).id);
    },
  );

  app.get(LIVE_API.liveEvents, { config: VISITOR_RATE, ...guard }, async (request, reply) => {
    const query = liveEventsQuerySchema.parse(request.query);
    const visitorId = signedVisitor(request, chat, query.visitorId);
    const { botId, conversationId } = await live.visitorConversation(query.botConfigId, visitorId);
    streams.conversation(reply, {
      hub,
      key: conversationChannel(botId, conversationId),
      client: request.ip,
      after: lastEventId(request, query.after),
      read: (after) => live.events.after(botId, conversationId, after),
      // The owner's message reached the visitor: it is not mailed to them.
      onSent: (event) => {
        if (event.kind === 'message' && event.author === 'owner')
          live.seen(botId, conversationId, event.id).catch(() => undefined);
      },
    });
    return reply;
  });

  app.post(LIVE_API.livePresence, { ...owner, ...replies(livePresenceSchema) }, async (request) => {
    const { botId, ...choice } = livePresenceBodySchema.parse(request.body);
    return live.presence(request.user!, botId, choice);
  });

  app.get(LIVE_API.liveConversations, { ...owner, ...replies(liveConversationsSchema) }, async (request) => {
    const { botId } = liveBotQuerySchema.parse(request.query);
    await live.ownBot(request.user!, botId);
    return view.conversations(botId);
  });

  app.get(LIVE_API.liveConversation, { ...owner, ...replies(liveConversationSchema) }, async (request) => {
    const { botId, conversationId } = liveConversationQuerySchema.parse(request.query);
    await live.ownBot(request.user!, botId);
    return view.conversation(botId, conversationId);
  });

  app.post(LIVE_API.liveReply, { ...owner, ...replies(liveEventSchema) }, async (request) => {
    const { botId, conversationId, text } = liveReplyBodySchema.parse(request.body);
    return live.reply(request.user!, botId, conversationId, text);
  });

  app.post(LIVE_API.liveHandBack, { ...owner, ...replies(successResponseSchema) }, async (request) => {
    const { botId, conversationId } = liveHandBackBodySchema.parse(request.body);
    await live.handBack(request.user!, botId, conversationId);
    return { success: true as const };
  });

  app.get(LIVE_API.liveOwnerEvents, owner, async (request, reply) => {
    const { botId } = liveBotQuerySchema.parse(request.query);
    await live.ownBot(request.user!, botId);
    streams.notices(reply, { hub, key: botChannel(botId), client: `owner:${request.user!.id}` });
    return reply;
  });

  return { streams };
}
