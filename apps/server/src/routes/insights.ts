import type { FastifyInstance } from 'fastify';
import {
  API,
  botIdQuerySchema,
  conversationsQuerySchema,
  conversationsResponseSchema,
  correctionsResponseSchema,
  botAnalyticsResponseSchema,
  type BotAnalyticsResponse,
  deleteConversationRequestSchema,
  deleteCorrectionRequestSchema,
  dismissMissedQuestionRequestSchema,
  missedQuestionsResponseSchema,
  saveCorrectionRequestSchema,
  saveCorrectionResponseSchema,
  successResponseSchema,
  type ConversationsResponse,
  type CorrectionsResponse,
  type MissedQuestionsResponse,
} from '@vuxo/shared';
import type { AuthHandlers } from '../http/authenticate.js';
import { replies } from '../http/response-schemas.js';
import type { InsightsService } from '../services/insights.js';
import type { BotAnalyticsService } from '../services/bot-analytics.js';

export interface InsightsRouteDeps {
  auth: AuthHandlers;
  insights: InsightsService;
  analytics: BotAnalyticsService;
}

/** The owner's insights into a bot (owner only). A visitor's feedback is a widget call (routes/chat.ts). */
export function insightsRoutes(app: FastifyInstance, deps: InsightsRouteDeps) {
  const { auth, insights } = deps;
  const owner = { preHandler: auth.requireUser };

  app.get(
    API.botConversations,
    { ...owner, ...replies(conversationsResponseSchema) },
    async (request): Promise<ConversationsResponse> =>
      insights.conversations(request.user!, conversationsQuerySchema.parse(request.query)),
  );

  app.get(API.botConversationsCsv, owner, async (request, reply) => {
    const { botId } = botIdQuerySchema.parse(request.query);
    const csv = await insights.exportCsv(request.user!, botId);
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${botId}-conversations.csv"`)
      .header('cache-control', 'no-store');
    return csv;
  });

  app.post(API.deleteConversation, { ...owner, ...replies(successResponseSchema) }, async (request) => {
    const { botId, id } = deleteConversationRequestSchema.parse(request.body);
    await insights.deleteConversation(request.user!, botId, id);
    return { success: true as const };
  });

  app.get(
    API.missedQuestions,
    { ...owner, ...replies(missedQuestionsResponseSchema) },
    async (request): Promise<MissedQuestionsResponse> => {
      const { botId } = botIdQuerySchema.parse(request.query);
      return { questions: await insights.missedQuestions(request.user!, botId) };
    },
  );

  app.post(API.dismissMissedQuestion, { ...owner, ...replies(successResponseSchema) }, async (request) => {
    const { botId, id } = dismissMissedQuestionRequestSchema.parse(request.body);
    await insights.dismissMissedQuestion(request.user!, botId, id);
    return { success: true as const };
  });

  app.get(
    API.corrections,
    { ...owner, ...replies(correctionsResponseSchema) },
    async (request): Promise<CorrectionsResponse> => {
      const { botId } = botIdQuerySchema.parse(request.query);
      return { corrections: await insights.corrections(request.user!, botId) };
    },
  );

  app.post(API.saveCorrection, { ...owner, ...replies(saveCorrectionResponseSchema) }, async (request) =>
    insights.saveCorrection(request.user!, saveCorrectionRequestSchema.parse(request.body)),
  );

  app.post(API.deleteCorrection, { ...owner, ...replies(successResponseSchema) }, async (request) => {
    const { botId, id } = deleteCorrectionRequestSchema.parse(request.body);
    await insights.deleteCorrection(request.user!, botId, id);
    return { success: true as const };
  });

  app.get(
    API.botAnalytics,
    { ...owner, ...replies(botAnalyticsResponseSchema) },
    async (request): Promise<BotAnalyticsResponse> => {
      const { botId } = botIdQuerySchema.parse(request.query);
      return deps.analytics.analytics(request.user!, botId);
    },
  );

  app.get(API.botAnalyticsCsv, owner, async (request, reply) => {
    const { botId } = botIdQuerySchema.parse(request.query);
    const csv = await deps.analytics.figuresCsv(request.user!, botId);
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${botId}-figures.csv"`)
      .header('cache-control', 'no-store');
    return csv;
  });
}
