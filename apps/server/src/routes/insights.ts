import type { FastifyInstance } from 'fastify';
import {
  API,
  botIdQuerySchema,
  checkUpResponseSchema,
  type CheckUpResponse,
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
import type { ConversationsService } from '../services/insights/conversations.js';
import type { CorrectionsService } from '../services/insights/corrections.js';
import type { MissedQuestionsService } from '../services/insights/missed-questions.js';
import type { BotAnalyticsService } from '../services/bot-analytics.js';
import type { CheckUpService } from '../services/insights/check-up.js';

export interface InsightsRouteDeps {
  auth: AuthHandlers;
  conversations: ConversationsService;
  missed: MissedQuestionsService;
  corrections: CorrectionsService;
  analytics: BotAnalyticsService;
  checkUp: CheckUpService;
}

/** The owner's insights into a bot (owner only). A visitor's feedback is a widget call (routes/chat.ts). */
export function insightsRoutes(app: FastifyInstance, deps: InsightsRouteDeps) {
  const { auth, conversations, missed, corrections } = deps;
  const owner = { preHandler: auth.requireUser };

  app.get(
    API.botConversations,
    { ...owner, ...replies(conversationsResponseSchema) },
    async (request): Promise<ConversationsResponse> =>
      conversations.conversations(request.user!, conversationsQuerySchema.parse(request.query)),
  );

  app.get(API.botConversationsCsv, owner, async (request, reply) => {
    const { botId } = botIdQuerySchema.parse(request.query);
    const csv = await conversations.exportCsv(request.user!, botId);
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${botId}-conversations.csv"`)
      .header('cache-control', 'no-store');
    return csv;
  });

  app.post(API.deleteConversation, { ...owner, ...replies(successResponseSchema) }, async (request) => {
    const { botId, id } = deleteConversationRequestSchema.parse(request.body);
    await conversations.deleteConversation(request.user!, botId, id);
    return { success: true as const };
  });

  app.get(
    API.missedQuestions,
    { ...owner, ...replies(missedQuestionsResponseSchema) },
    async (request): Promise<MissedQuestionsResponse> => {
      const { botId } = botIdQuerySchema.parse(request.query);
      return { questions: await missed.missedQuestions(request.user!, botId) };
    },
  );

  app.post(API.dismissMissedQuestion, { ...owner, ...replies(successResponseSchema) }, async (request) => {
    const { botId, id } = dismissMissedQuestionRequestSchema.parse(request.body);
    await missed.dismissMissedQuestion(request.user!, botId, id);
    return { success: true as const };
  });

  app.get(
    API.botCheckUp,
    { ...owner, ...replies(checkUpResponseSchema) },
    async (request): Promise<CheckUpResponse> => {
      const { botId } = botIdQuerySchema.parse(request.query);
      return deps.checkUp.checkUp(request.user!, botId);
    },
  );

  app.get(
    API.corrections,
    { ...owner, ...replies(correctionsResponseSchema) },
    async (request): Promise<CorrectionsResponse> => {
      const { botId } = botIdQuerySchema.parse(request.query);
      return { corrections: await corrections.corrections(request.user!, botId) };
    },
  );

  app.post(API.saveCorrection, { ...owner, ...replies(saveCorrectionResponseSchema) }, async (request) =>
    corrections.saveCorrection(request.user!, saveCorrectionRequestSchema.parse(request.body)),
  );

  app.post(API.deleteCorrection, { ...owner, ...replies(successResponseSchema) }, async (request) => {
    const { botId, id } = deleteCorrectionRequestSchema.parse(request.body);
    await corrections.deleteCorrection(request.user!, botId, id);
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
