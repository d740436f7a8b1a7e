import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import type { Identity } from './adapters/identity/identity.js';
import { diskFileStore, type FileStore } from './adapters/files/file-store.js';
import { localPaymentProvider } from './adapters/payments/local-provider.js';
import type { PaymentProvider } from './adapters/payments/payment-provider.js';
import { stripePaymentProvider } from './adapters/payments/stripe-provider.js';
import { clientConfigFor } from './client-config.js';
import { fairConcurrency } from './concurrency.js';
import { answerEngine, knowledgeCache } from './engine/answer/index.js';
import { extractDocument } from './engine/extract/index.js';
import { openAiCompatibleClient, type LlmClient } from './engine/llm/index.js';
import { botsRepository } from './db/bots-repository.js';
import { processAvatar } from './engine/images/index.js';
import { registerErrorHandling } from './http/errors.js';
import { checkedResponses } from './http/response-schemas.js';
import { frameworkErrorReplies } from './http/framework-errors.js';
import {
  CONNECTION_LIMITS,
  capConnections,
  serverTimeouts,
  trustedProxyCheck,
  type ConnectionLimits,
} from './http/connections.js';
import { REQUESTS_PER_MINUTE, limitEveryRequest } from './http/rate-limits.js';
import { RequestLogController, logSerializers } from './http/request-log.js';
import { authHandlers } from './http/authenticate.js';
import { securityHeaders, securityOptions } from './http/security.js';
import { serveWebApp } from './http/web-app.js';
import { allowedOriginsGuard } from './http/allowed-origins.js';
import { jobQueue } from './jobs/job-queue.js';
import { createWorker, type JobHandler } from './jobs/worker.js';
import { adminRoutes } from './routes/admin.js';
import { analyticsRoutes } from './routes/analytics.js';
import { chatRoutes } from './routes/chat.js';
import { contactRoutes } from './routes/contact.js';
import { dashboardRoutes } from './routes/dashboard.js';
import { insightsRoutes } from './routes/insights.js';
import { keyFactsRoutes } from './routes/key-facts.js';
import { siteFileRoutes } from './routes/site-files.js';
import { systemRoutes } from './routes/system.js';
import { paymentRoutes } from './routes/payments.js';
import { voiceAgentRoutes } from './routes/voice-agent.js';
import { wizardRoutes } from './routes/wizard.js';
import { adminService } from './services/admin.js';
import { analyticsService } from './services/analytics.js';
import { CHAT_RATE_PER_MINUTE, botIndexReader, chatService } from './services/chat.js';
import { chatUsageService } from './services/chat-usage.js';
import { contactMessagesService } from './services/contact-messages.js';
import { voiceAgentRequestsService } from './services/voice-agent-requests.js';
import { messageLimitPolicy } from './services/message-limits.js';
import { appSecretFor, visitorIdentity } from './services/visitors.js';
import { botAdminService } from './services/bot-admin.js';
import { modelUsageLog } from './services/model-usage.js';
import { conversationLog } from './services/conversation-log.js';
import { insightsService } from './services/insights.js';
import { botKeyFactsService } from './services/bot-key-facts.js';
import { botAnalyticsService } from './services/bot-analytics.js';
import { botBuildHandler } from './services/bot-build.js';
import { knowledgeRebuilder } from './services/bot-knowledge.js';
import { botSourcesService, SOURCE_FETCH_JOB } from './services/bot-sources.js';
import { sourceFetchHandler, type SourceReader } from './services/source-fetch.js';
import { webSourceReader } from './adapters/source-reader.js';
import { redisClient, whenReady } from './adapters/redis/redis-client.js';
import { redisChatUsage } from './adapters/redis/redis-chat-usage.js';
import { normalizeSourceUrl } from './adapters/web/index.js';
import { sourceRoutes } from './routes/sources.js';
import { ensureSiteBot } from './services/site-bot/site-bot.js';
import { ensureDemoBots } from './services/site-bot/demo-bots.js';
import { BOT_BUILD_JOB, botsService } from './services/bots.js';
import { paymentsService } from './services/payments.js';
import { plansService } from './services/plans.js';
import { usersService } from './services/users.js';
import { wizardSessionsService } from './services/wizard-sessions.js';
import { uploadCleanup } from './services/upload-cleanup.js';

/** Each extraction runs in its own process; two at a time suits two cores, and one client holds at most one. */
const EXTRACTIONS = { limit: 2, perKey: 1 };
const CLEANUP_EVERY_MS = 60 * 60 * 1000;

/** Chat tuning for tests and benchmarks; production uses the defaults. */
export interface ChatOptions {
  /** Messages per bot, per visitor, per day (MESSAGES_PER_DAY). */
  dailyLimit?: number;
  /** The model call's deadline, retry included (20 s). */
  llmTimeoutMs?: number;
  /** Another model client (tests). */
  llm?: LlmClient | null;
  /** Requests per minute per address on the widget's calls (CHAT_RATE_PER_MINUTE); null turns it off. */
  ratePerMinute?: number | null;
}

/** The model that writes answers: LLM_* when configured (or a test's client), else none (the built-in engine). */
function modelClient(config: Config, options: ChatOptions): LlmClient | null {
  if (options.llm !== undefined) return options.llm;
  if (!config.llm) return null;
  return openAiCompatibleClient(config.llm, options.llmTimeoutMs ? { timeoutMs: options.llmTimeoutMs } : {});
}

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
}

/** Stripe when its keys are set; else the local test mode, which charges Stripe's test cards offline. */
function paymentProvider(config: Config, apiBase: URL | undefined): PaymentProvider {
  if (!config.stripe) return localPaymentProvider();
  return stripePaymentProvider({ ...config.stripe, ...(apiBase ? { apiBase } : {}) });
}

/**
 * Fastify's trustProxy. A hop count becomes a function trusting that many hops from the socket: Fastify 5.12
 * ignores a plain number (it trusts nothing), so the count would silently do nothing.
 */
function trustedProxies(trusted: Config['trustProxy']) {
  return typeof trusted === 'number' ? (_address: string, hop: number) => hop < trusted : trusted;
}

/** Builds the HTTP app from a config and a set of adapters. Listening is the caller's business. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const { db, dialect } = deps.database;
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
  checkedResponses(app);

  const files = deps.files ?? diskFileStore(config.dataDir);
  const queue = jobQueue(db, dialect);
  const bots = botsRepository(db);
  const chatOptions = deps.chat ?? {};
  const conversations = conversationLog(db, app.log);
  const modelUsage = modelUsageLog(db, app.log);
  const insights = insightsService({ db, bots, log: conversations });
  const contactMessages = contactMessagesService(db);
  const voiceAgentRequests = voiceAgentRequestsService(db);
  app.addHook('onClose', async () => {
    await conversations.flush();
    await modelUsage.flush();
  });
  // One cache of loaded indexes: the chat answers from it, and "What your bot knows" reads its key facts.
  const knowledge = knowledgeCache();
  const readIndex = botIndexReader(bots);
  const keyFacts = botKeyFactsService({
    db,
    bots,
    extractedFacts: async (botId, version) =>
      (await knowledge.get(botId, version, () => readIndex(botId)))?.index.keyFacts ?? null,
  });
  const chat = chatService({
    db,
    bots,
    log: conversations,
    modelUsage,
    correctionsOf: insights.correctionsOf,
    factEditsOf: keyFacts.editsOf,
    usage: redis ? redisChatUsage(redis) : chatUsageService(db),
    limits: messageLimitPolicy(visitorIdentity(appSecretFor(config)), chatOptions.dailyLimit),
    engine: answerEngine({
      readIndex,
      cache: knowledge,
      supportEmail: config.supportEmail,
      llm: modelClient(config, chatOptions),
      ...(config.llm ? { contextTokens: config.llm.contextTokens } : {}),
      logger: app.log,
    }),
    supportEmail: config.supportEmail,
  });
  // A built bot's index is loaded at once: its first visitor's question costs what every other one does.
  const warm = (botId: string, version: string) => chat.warm(botId, version);
  const buildHandler = botBuildHandler(db, { onReady: warm });
  const rebuildKnowledge = knowledgeRebuilder(db, { onReady: warm });
  const sourceHandler = sourceFetchHandler({
    db,
    reader: deps.sourceReader ?? webSourceReader({ allowPrivate: config.allowPrivateUrls }),
    rebuildKnowledge,
  });
  const worker = createWorker({
    queue,
    handlers: { [BOT_BUILD_JOB]: buildHandler, [SOURCE_FETCH_JOB]: sourceHandler as JobHandler },
    logger: app.log,
  });
  if (deps.runJobs !== false) {
    const cleanup = uploadCleanup(db, files);
    const sweep = () =>
      cleanup.sweep().catch((error: unknown) => app.log.error({ err: error }, 'upload clean-up failed'));
    // Visitors' messages, contact messages and phone agent requests older than their retention go with the same
    // sweep.
    const expire = () =>
      Promise.all([
        insights.removeExpired(config.chatRetentionDays),
        contactMessages.removeExpired(config.contactRetentionDays),
        voiceAgentRequests.removeExpired(config.contactRetentionDays),
      ]).catch((error: unknown) => app.log.error({ err: error }, 'retention clean-up failed'));
    let sweeper: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      worker.start();
      void sweep();
      void expire();
      sweeper = setInterval(() => {
        void sweep();
        void expire();
      }, CLEANUP_EVERY_MS).unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(sweeper);
      await worker.stop();
    });
  }

  const clientConfig = clientConfigFor(config);
  const users = usersService(db);
  const auth = authHandlers(deps.identity, users);
  const builds = { enqueue: queue.enqueue, wake: () => worker.wake() };
  if (config.siteChat) {
    // The site's own chat bot and the demo bots; the site works without them, so a failure is logged, not fatal.
    app.addHook('onReady', async () => {
      try {
        const outcome = await ensureSiteBot({ db, builds, config });
        if (outcome !== 'current') app.log.info({ outcome }, 'site chat bot scheduled for a build');
        const demos = await ensureDemoBots({ db, builds });
        if (demos.some((demo) => demo !== 'current')) app.log.info('demo bots scheduled for a build');
      } catch (error) {
        app.log.error({ err: error }, 'the site chat bot could not be set up');
      }
    });
  }

  systemRoutes(app, { auth, clientConfig });
  siteFileRoutes(app, { publicUrl: config.publicUrl });
  analyticsRoutes(app, { analytics: analyticsService(db) });
  contactRoutes(app, { messages: contactMessages });
  // A bot's allowed websites: who may frame its /embed page and call its widget API.
  const botDomains = bots.domainsOf;
  chatRoutes(app, {
    auth,
    insights,
    originGuard: allowedOriginsGuard(botDomains),
    chat,
    ratePerMinute: deps.chat?.ratePerMinute === undefined ? CHAT_RATE_PER_MINUTE : deps.chat.ratePerMinute,
  });
  dashboardRoutes(app, {
    auth,
    botAdmin: botAdminService({ db, bots, files, supportEmail: config.supportEmail, log: conversations }),
  });
  wizardRoutes(app, {
    auth,
    wizard: wizardSessionsService(db, files),
    bots: botsService({ db, dialect, builds }),
    plans: plansService(db),
    extractDocument: fairConcurrency((bytes: Uint8Array) => extractDocument(bytes), EXTRACTIONS),
    processAvatar,
  });
  sourceRoutes(app, {
    auth,
    sources: botSourcesService({
      db,
      dialect,
      jobs: builds,
      normalizeUrl: normalizeSourceUrl,
      rebuildKnowledge,
    }),
  });
  keyFactsRoutes(app, { auth, keyFacts });
  insightsRoutes(app, {
    auth,
    insights,
    analytics: botAnalyticsService({ db, bots, log: conversations, modelUsage }),
  });
  voiceAgentRoutes(app, { auth, requests: voiceAgentRequests });
  adminRoutes(app, { auth, admin: adminService(db, plansService(db)), adminEmails: config.adminEmails });
  const provider = paymentProvider(config, deps.stripeApiBase);
  paymentRoutes(app, { auth, provider, payments: paymentsService(db, provider, config.stripePrices) });
  await serveWebApp(app, deps.webDist, clientConfig, botDomains, config.publicUrl);
  return app;
}
