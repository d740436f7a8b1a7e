import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_ERROR, API_KEY_PREFIX, PUBLIC_API_MSG, type ApiKeyScope } from '@vuxo/shared';
import { AppError } from '../errors.js';
import type { ApiKeysService, ApiPrincipal } from '../services/public-api/api-keys.js';
import { rateLimitHeaders } from './public-api-errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The public API's caller, set by `apiKeyAuth`. */
    apiKey: ApiPrincipal | null;
  }
}

const KEY = new RegExp(`^Bearer (${API_KEY_PREFIX}[A-Za-z0-9_-]{1,200})$`);

/**
 * A public API route's preHandler (decision 108): the key from `Authorization: Bearer vx_…`, for the bot in the
 * path (or the key's own, decision 113), with `scope`; then the key's requests a minute (its plan's), counted in the rate-limit plugin's store,
 * Redis when scaled out, so every process counts the same key together. Every answer says where the key stands.
 */
export function apiKeyAuth(app: FastifyInstance, keys: ApiKeysService) {
  const count = app.createRateLimit({
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => `api-key:${request.apiKey?.keyId ?? ''}`,
    max: (request: FastifyRequest) => request.apiKey?.plan.api.requestsPerMinute ?? 0,
  });

  return (scope: ApiKeyScope) =>
    async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      const header = request.headers.authorization;
      if (!header) throw new AppError('unauthenticated', PUBLIC_API_MSG.keyMissing);
      const key = KEY.exec(header)?.[1];
      if (!key) throw new AppError('unauthenticated', PUBLIC_API_MSG.keyInvalid);
      // A route with no bot in its path (the MCP server) is for the key's one bot.
      const { botId } = request.params as { botId?: unknown };
      const principal = await keys.authenticate(key, botId === undefined ? null : String(botId));
      if (principal.plan.api.maxKeys === 0)
        throw new AppError(
          'forbidden',
          PUBLIC_API_MSG.planRequired(principal.plan.name),
          API_ERROR.planRequired,
        );
      if (!principal.scopes.includes(scope))
        throw new AppError('forbidden', PUBLIC_API_MSG.scopeMissing(scope), API_ERROR.insufficientScope);
      request.apiKey = principal;

      const result = await count(request);
      if (result.isAllowed) return;
      const limit = principal.plan.api.requestsPerMinute;
      if (result.isExceeded) {
        throw new AppError('limitReached', PUBLIC_API_MSG.perMinute(limit), API_ERROR.rateLimited, {
          rateLimit: { limit, reset: result.ttlInSeconds },
        });
      }
      rateLimitHeaders(reply, { limit, remaining: result.remaining, reset: result.ttlInSeconds });
    };
}

/** The principal a preHandler set (a route without one is a bug: a 500). */
export function principalOf(request: FastifyRequest): ApiPrincipal {
  if (!request.apiKey) throw new Error('a public API route ran without apiKeyAuth');
  return request.apiKey;
}
