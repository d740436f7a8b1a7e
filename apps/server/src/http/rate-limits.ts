import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { normalizeIP } from '@fastify/rate-limit';
import { API_MSG } from '@vuxo/shared';
import type { User } from '../services/users.js';
import type { AuthHandlers } from './authenticate.js';
import { AppError } from '../errors.js';

/**
 * Every request from one address, on any route (404s and refused tokens included), in a minute: far above
 * what a person's browser sends, so only floods meet it (decision 013).
 */
export const REQUESTS_PER_MINUTE = 3000;
/** Addresses (and signed-in users) whose counts are kept at once, per limiter; the oldest are forgotten. */
const KEYS_KEPT = 50_000;

export type Limiter = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** The client's address as limits count it: IPv4 as is, IPv6 by its /64 (one household or phone). */
export const addressKeyOf = (request: FastifyRequest) => normalizeIP(request.ip);

/**
 * A per-minute limit over the rate-limit plugin's store (the plugin must be registered): each call counts one
 * request against `keyOf(request)` and, past `max`, refuses it with the product's 429.
 */
export function minuteLimiter(
  app: FastifyInstance,
  options: { name: string; max: number; keyOf: (request: FastifyRequest) => string },
): Limiter {
  // `cache` sizes this limiter's own store; the plugin reads it here though its types list it only for routes.
  const settings = {
    max: options.max,
    timeWindow: '1 minute',
    // Limiters share one store (in memory, or Redis when scaled out): the name keeps their counts apart.
    keyGenerator: (request: FastifyRequest) => `${options.name}:${options.keyOf(request)}`,
    cache: KEYS_KEPT,
  };
  const count = app.createRateLimit(settings);
  return async (request, reply) => {
    const result = await count(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', String(result.ttlInSeconds));
    throw new AppError('limitReached', API_MSG.tooManyRequests);
  };
}

/** The generous ceiling on every request from one address; null turns it off (benchmarks). */
export function limitEveryRequest(app: FastifyInstance, perMinute: number | null): void {
  if (perMinute === null) return;
  const limit = minuteLimiter(app, { name: 'all', max: perMinute, keyOf: addressKeyOf });
  app.addHook('onRequest', limit);
}

/**
 * Who is asking, then a per-minute limit on a public call (the widget's): the verified owner of the bot asked
 * about is not limited (the owner console), other signed-in callers are limited by user id, and everyone else
 * by address, a token that does not verify included (it counts before its 401). Null `perMinute`: no limit.
 */
export function identifyThenLimit(
  app: FastifyInstance,
  options: {
    /** Each route's own count, in memory or in Redis alike. */
    name: string;
    auth: AuthHandlers;
    perMinute: number | null;
    ownsBot: (request: FastifyRequest, user: User) => Promise<boolean>;
  },
): Limiter {
  const { name, auth, perMinute, ownsBot } = options;
  const limit =
    perMinute === null
      ? null
      : minuteLimiter(app, {
          name,
          max: perMinute,
          keyOf: (request) => (request.user ? `user:${request.user.id}` : `address:${addressKeyOf(request)}`),
        });
  return async (request, reply) => {
    try {
      await auth.optionalUser(request, reply);
    } catch (error) {
      await limit?.(request, reply);
      throw error;
    }
    if (!limit || (request.user && (await ownsBot(request, request.user)))) return;
    await limit(request, reply);
  };
}
