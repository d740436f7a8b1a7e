import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { Config } from '../config.js';
import { redisClient, whenReady } from '../adapters/redis/redis-client.js';
import { registerErrorHandling } from '../http/errors.js';
import { refuseNulCharacters } from '../http/nul-characters.js';
import { acceptBodylessDeletes } from '../http/bodyless-deletes.js';
import { checkedResponses } from '../http/response-schemas.js';
import { frameworkErrorReplies } from '../http/framework-errors.js';
import {
  CONNECTION_LIMITS,
  capConnections,
  serverTimeouts,
  trustedProxyCheck,
  type ConnectionLimits,
} from '../http/connections.js';
import { REQUESTS_PER_MINUTE, limitEveryRequest } from '../http/rate-limits.js';
import { RequestLogController, logSerializers } from '../http/request-log.js';
import { securityHeaders, securityOptions } from '../http/security.js';

export interface HttpServerDeps {
  config: Config;
  /** Requests per minute from one address, on any route (REQUESTS_PER_MINUTE); null turns it off (benchmarks). */
  requestsPerMinute?: number | null;
  /** Where log lines go (tests read them); standard output by default. */
  logStream?: { write(line: string): void };
  /** Connection timeouts and caps (CONNECTION_LIMITS); tests make them small. */
  connections?: Partial<ConnectionLimits>;
}

/**
 * Fastify's trustProxy. A hop count becomes a function trusting that many hops from the socket: Fastify 5.12
 * ignores a plain number (it trusts nothing), so the count would silently do nothing.
 */
function trustedProxies(trusted: Config['trustProxy']) {
  return typeof trusted === 'number' ? (_address: string, hop: number) => hop < trusted : trusted;
}

/**
 * Phase one: the HTTP server with its hooks, limits, errors and reply schemas, and no routes yet. Scaled out
 * (REDIS_URL), the per-minute limits count in Redis, which is returned for the services to share.
 */
export async function httpServer(
  deps: HttpServerDeps,
): Promise<{ app: FastifyInstance; redis: Redis | null }> {
  const { config } = deps;
  const connections = { ...CONNECTION_LIMITS, ...deps.connections };
  const security = securityHeaders(securityOptions(config));
  const app = Fastify({
    logger: {
      level: config.logLevel,
      serializers: logSerializers,
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    logController: new RequestLogController(),
    genReqId: () => randomUUID(),
    // Who the client is: the socket's address, or what the configured proxies say (TRUST_PROXY, never "any").
    trustProxy: trustedProxies(config.trustProxy),
    bodyLimit: 1024 * 1024,
    ...serverTimeouts(connections),
    // Errors answered before any hook runs (a bad URL, a malformed request) get the product's JSON and headers.
    ...frameworkErrorReplies(security),
  });
  capConnections(app.server, connections, trustedProxyCheck(config.trustProxy));
  app.decorateRequest('user', null);
  app.decorateRequest('apiKey', null);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(security);
    done();
  });
  // Scaled out (REDIS_URL), every process counts per-minute limits and daily messages in the same Redis.
  const redis = config.redisUrl ? redisClient(config.redisUrl, { keyPrefix: config.redisKeyPrefix }) : null;
  if (redis) {
    // Commands fail on their own while Redis is away (a 503); the connection's errors are only logged.
    redis.on('error', (error: Error) => app.log.warn({ err: error }, 'Redis connection error'));
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
    await whenReady(redis);
  }
  await app.register(rateLimit, { global: false, ...(redis ? { redis, nameSpace: 'limit:' } : {}) });
  limitEveryRequest(app, deps.requestsPerMinute === undefined ? REQUESTS_PER_MINUTE : deps.requestsPerMinute);
  // preservePath: the file name arrives as sent, so a name with directories can be refused, not silently cut.
  await app.register(multipart, { preservePath: true });
  registerErrorHandling(app);
  refuseNulCharacters(app);
  acceptBodylessDeletes(app);
  checkedResponses(app);
  return { app, redis };
}
