import type { FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import type { Identity } from './adapters/identity/identity.js';
import { diskFileStore, type FileStore } from './adapters/files/file-store.js';
import type { ConnectionLimits } from './http/connections.js';
import type { SourceReader } from './services/source-fetch.js';
import { httpServer } from './composition/http-server.js';
import { buildServices, type ChatOptions } from './composition/services.js';
import { registerRoutes } from './composition/routes.js';
import { startMaintenance } from './composition/maintenance.js';
import { redisLiveHub } from './adapters/redis/redis-live-hub.js';
import { inProcessLiveHub } from './services/live/live-hub.js';
import type { WebhookOptions } from './services/webhooks/index.js';
import type { LiveMailOptions } from './services/live/live-mail.js';

export type { ChatOptions } from './composition/services.js';

export interface AppDeps {
  config: Config;
  database: Pick<DatabaseHandle, 'db' | 'dialect'>;
  identity: Identity;
  /** The built web app (apps/web/dist); null serves the API alone. */
  webDist: string | null;
  files?: FileStore;
  /** Run background jobs (bot builds) in this process; on by default. */
  runJobs?: boolean;
  /** Chat tuning for tests and benchmarks (daily limit, model deadline); production uses the defaults. */
  chat?: ChatOptions;
  /** Requests per minute from one address, on any route (REQUESTS_PER_MINUTE); null turns it off (benchmarks). */
  requestsPerMinute?: number | null;
  /** Where log lines go (tests read them); standard output by default. */
  logStream?: { write(line: string): void };
  /** Connection timeouts and caps (CONNECTION_LIMITS); tests make them small. */
  connections?: Partial<ConnectionLimits>;
  /** Where the Stripe API is, when Stripe keys are set; Stripe's own by default (tests start a local one). */
  stripeApiBase?: URL;
  /** How website sources are read; the web by default (tests may read their own servers' pages). */
  sourceReader?: SourceReader;
  /** The time the plan mail's sweep reads; the system clock by default (tests move it). */
  clock?: () => Date;
  /** How often the maintenance sweeps run: hourly by default (tests make it short). */
  sweepEveryMs?: number;
  /** Webhook tuning for tests: the quiet time before `conversation.ended`, the retry delays. */
  webhooks?: WebhookOptions;
  /** Live mail's delays for tests (decision 116). */
  live?: LiveMailOptions;
}

/**
 * Builds the HTTP app from a config and a set of adapters, in four phases (composition/): the HTTP server, the
 * services, the routes, the maintenance. Listening is the caller's business.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const { app, redis } = await httpServer(deps);
  const files = deps.files ?? diskFileStore(config.dataDir);
  // Live conversations' events: through Redis pub/sub when scaled out, so every process hears every event.
  const liveHub = redis ? await redisLiveHub(redis, config.redisKeyPrefix) : inProcessLiveHub();
  app.addHook('onClose', () => liveHub.close());
  const services = buildServices({ ...deps, files, redis, liveHub, logger: app.log });
  await registerRoutes(app, services, { ...deps, chatRatePerMinute: deps.chat?.ratePerMinute });
  startMaintenance(app, services, deps);
  return app;
}
