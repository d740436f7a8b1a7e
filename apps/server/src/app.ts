import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import type { Database } from './db/schema.js';
import type { Identity } from './adapters/identity/identity.js';
import { clientConfigFor } from './client-config.js';
import { registerErrorHandling } from './http/errors.js';
import { authHandlers } from './http/authenticate.js';
import { contentSecurityPolicy } from './http/security.js';
import { serveWebApp } from './http/web-app.js';
import { systemRoutes } from './routes/system.js';
import { usersService } from './services/users.js';

export interface AppDeps {
  config: Config;
  db: Kysely<Database>;
  identity: Identity;
  /** The built web app (apps/web/dist); null serves the API alone. */
  webDist: string | null;
}

/** Builds the HTTP app from a config and a set of adapters. Listening is the caller's business. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: { level: config.logLevel },
    genReqId: () => randomUUID(),
    trustProxy: config.production,
    bodyLimit: 1024 * 1024,
  });
  app.decorateRequest('user', null);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(helmet, {
    contentSecurityPolicy: { directives: contentSecurityPolicy(config) },
    // Firebase's Google sign-in popup talks back to its opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  registerErrorHandling(app);

  const clientConfig = clientConfigFor(config);
  const users = usersService(deps.db);
  const auth = authHandlers(deps.identity, users);

  systemRoutes(app, { auth, clientConfig });
  await serveWebApp(app, deps.webDist, clientConfig);
  return app;
}
