import type { FastifyInstance } from 'fastify';
import { API, pageViewSchema } from '@vuxo/shared';
import type { AnalyticsService } from '../services/analytics.js';

export function analyticsRoutes(app: FastifyInstance, deps: { analytics: AnalyticsService }) {
  app.post(
    API.pageViews,
    { config: { rateLimit: { max: 120, timeWindow: '1 minute' } } },
    async (request, reply) => {
      await deps.analytics.recordPageView(pageViewSchema.parse(request.body));
      return reply.status(204).send();
    },
  );
}
