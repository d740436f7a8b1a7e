import type { FastifyInstance } from 'fastify';
import {
  API,
  botIdQuerySchema,
  resetSuggestedQuestionsRequestSchema,
  saveSuggestedQuestionsRequestSchema,
  suggestedQuestionsResponseSchema,
  type SuggestedQuestionsResponse,
} from '@vuxo/shared';
import type { AuthHandlers } from '../http/authenticate.js';
import { replies } from '../http/response-schemas.js';
import type { SuggestedQuestionsService } from '../services/suggested-questions.js';

export interface SuggestedQuestionsRouteDeps {
  auth: AuthHandlers;
  questions: SuggestedQuestionsService;
}

/** The owner's suggested questions (owner only; another owner's bot is the same 404 as an unknown one). */
export function suggestedQuestionsRoutes(app: FastifyInstance, deps: SuggestedQuestionsRouteDeps) {
  const { auth, questions } = deps;
  const owner = { preHandler: auth.requireUser, ...replies(suggestedQuestionsResponseSchema) };

  app.get(API.suggestedQuestions, owner, async (request): Promise<SuggestedQuestionsResponse> => {
    const { botId } = botIdQuerySchema.parse(request.query);
    return questions.questions(request.user!, botId);
  });

  app.post(API.saveSuggestedQuestions, owner, async (request): Promise<SuggestedQuestionsResponse> =>
    questions.save(request.user!, saveSuggestedQuestionsRequestSchema.parse(request.body)),
  );

  app.post(API.resetSuggestedQuestions, owner, async (request): Promise<SuggestedQuestionsResponse> => {
    const { botId } = resetSuggestedQuestionsRequestSchema.parse(request.body);
    return questions.reset(request.user!, botId);
  });
}
