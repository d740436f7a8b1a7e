import type { FastifyInstance } from 'fastify';
import { API, type ClientConfig, type Me } from '@vuxo/shared';
import type { AuthHandlers } from '../http/authenticate.js';

/** Health, the caller's identity and the public client configuration. */
export function systemRoutes(app: FastifyInstance, deps: { auth: AuthHandlers; clientConfig: ClientConfig }) {
  app.get(API.health, async () => ({ ok: true }) as const);

  app.get(API.clientConfig, async () => deps.clientConfig);

  app.get(API.me, { preHandler: deps.auth.requireUser }, async (request): Promise<Me> => {
    const user = request.user!;
    return {
      user: {
        id: user.id,
        email: user.email,
        displayName: user.displayName,
        emailVerified: user.emailVerified,
      },
    };
  });
}
