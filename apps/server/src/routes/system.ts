import type { FastifyInstance } from 'fastify';
import { API, clientConfigSchema, healthSchema, meSchema, type ClientConfig, type Me } from '@vuxo/shared';
import { replies } from '../http/response-schemas.js';
import type { AuthHandlers } from '../http/authenticate.js';

/** Health, the caller's identity and the public client configuration. */
export function systemRoutes(app: FastifyInstance, deps: { auth: AuthHandlers; clientConfig: ClientConfig }) {
  app.get(API.health, replies(healthSchema), async () => ({ ok: true }) as const);

  app.get(API.clientConfig, replies(clientConfigSchema), async () => deps.clientConfig);

  app.get(
    API.me,
    { preHandler: deps.auth.requireUser, ...replies(meSchema) },
    async (request): Promise<Me> => {
      const user = request.user!;
      return {
        user: {
          id: user.id,
          email: user.email,
          displayName: user.displayName,
          emailVerified: user.emailVerified,
        },
      };
    },
  );
}
