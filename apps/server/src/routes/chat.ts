import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import {
  API,
  VISITOR_ID_HEADER,
  chatFeedbackRequestSchema,
  chatFeedbackResponseSchema,
  chatRequestSchema,
  chatResponseSchema,
  generateQuestionsResponseSchema,
  publicBotInfoResponseSchema,
  generateQuestionsRequestSchema,
  publicBotInfoQuerySchema,
  type ChatFeedbackResponse,
  type ChatResponse,
  type GenerateQuestionsResponse,
  type PublicBotInfoResponse,
  type ReplySchema,
} from '@vuxo/shared';
import type { AuthHandlers } from '../http/authenticate.js';
import { streamReply, wantsStream } from '../http/chat-stream.js';
import { identifyThenLimit } from '../http/rate-limits.js';
import { replies } from '../http/response-schemas.js';
import { setVisitorCookie, visitorCookies } from '../http/visitor-cookie.js';
import type { ChatService, Visitor } from '../services/chat.js';
import type { AnswerVotesService } from '../services/insights/votes.js';

export interface ChatRouteDeps {
  auth: AuthHandlers;
  chat: ChatService;
  /** Records a visitor's vote on an answer. */
  votes: AnswerVotesService;
  /**
   * Requests per minute on the widget's calls, per address (per user when signed in); the bot's own owner is
   * not limited. Null turns the limit off (benchmarks).
   */
  ratePerMinute: number | null;
  /** Refuses calls from websites the bot does not allow (http/allowed-origins.ts). */
  originGuard?: preHandlerAsyncHookHandler;
}

/**
 * The visitor id travels in the x-visitor-id header (the widget keeps it in its storage, or in memory where a
 * third-party iframe may not store anything) and in an HttpOnly cookie (http/visitor-cookie.ts).
 */
export function visitorOf(request: FastifyRequest, reply: FastifyReply, chat: ChatService): Visitor {
  const header = request.headers[VISITOR_ID_HEADER];
  const sent = (Array.isArray(header) ? header[0] : header)?.trim() || null;
  const cookies = visitorCookies(request);
  const visitor = chat.identifyVisitor({ sentIds: [sent, ...cookies], address: request.ip });
  reply.header(VISITOR_ID_HEADER, visitor.id);
  if (!cookies.includes(visitor.id)) setVisitorCookie(request, reply, visitor.id);
  return visitor;
}

/** The widget's calls. */
export function chatRoutes(app: FastifyInstance, deps: ChatRouteDeps) {
  const { auth, chat } = deps;
  /** Per route: who is asking, then the widget's flood limit (http/rate-limits.ts), then the bot's websites. */
  const options = (
    name: string,
    botOf: (request: FastifyRequest) => unknown,
    reply: ReplySchema<unknown>,
  ) => {
    const identify = identifyThenLimit(app, {
      name: `widget-${name}`,
      auth,
      perMinute: deps.ratePerMinute,
      ownsBot: async (request, user) => {
        const bot = botOf(request);
        return typeof bot === 'string' && chat.ownsBot(bot, user);
      },
    });
    return { preHandler: deps.originGuard ? [identify, deps.originGuard] : [identify], ...replies(reply) };
  };
  const field = (value: unknown, name: string): unknown =>
    typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;
  const forInfo = options('info', (request) => field(request.query, 'shareId'), publicBotInfoResponseSchema);
  const forChat = options('chat', (request) => field(request.body, 'botConfigId'), chatResponseSchema);
  const forQuestions = options(
    'questions',
    (request) => field(request.body, 'botId'),
    generateQuestionsResponseSchema,
  );
  const forFeedback = options(
    'feedback',
    (request) => field(request.body, 'botConfigId'),
    chatFeedbackResponseSchema,
  );

  app.get(API.publicBotInfo, forInfo, async (request, reply): Promise<PublicBotInfoResponse> => {
    const { shareId } = publicBotInfoQuerySchema.parse(request.query);
    const visitor = visitorOf(request, reply, chat);
    reply.header('cache-control', 'no-store');
    return chat.publicBotInfo(shareId, { user: request.user, visitor });
  });

  app.post(API.chat, forChat, async (request, reply): Promise<ChatResponse | FastifyReply> => {
    const body = chatRequestSchema.parse(request.body);
    const visitor = visitorOf(request, reply, chat);
    reply.header('cache-control', 'no-store');
    // A visitor who stops the reply or closes the page should not keep a model busy.
    const gone = new AbortController();
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) gone.abort();
    });
    const caller = { user: request.user, visitor, signal: gone.signal };
    if (!chat.streams || !wantsStream(request)) {
      const { cut: _cut, ...answer } = await chat.chat(body, caller);
      return answer;
    }
    return streamReply(reply, (onText) => chat.chat(body, { ...caller, onText }));
  });

  app.post(API.generateQuestions, forQuestions, async (request): Promise<GenerateQuestionsResponse> => {
    const { botId } = generateQuestionsRequestSchema.parse(request.body);
    return chat.questions(botId);
  });

  app.post(API.chatFeedback, forFeedback, async (request, reply): Promise<ChatFeedbackResponse> => {
    const body = chatFeedbackRequestSchema.parse(request.body);
    const visitor = visitorOf(request, reply, chat);
    await deps.votes.feedback({
      identifier: body.botConfigId,
      messageId: body.messageId,
      vote: body.vote,
      visitorId: visitor.id,
    });
    return { success: true };
  });
}
