import type { Redis } from 'ioredis';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';
import { botsRepository } from '../db/bots-repository.js';
import type { FileStore } from '../adapters/files/file-store.js';
import { localPaymentProvider } from '../adapters/payments/local-provider.js';
import type { PaymentProvider } from '../adapters/payments/payment-provider.js';
import { stripePaymentProvider } from '../adapters/payments/stripe-provider.js';
import { redisChatUsage } from '../adapters/redis/redis-chat-usage.js';
import { webSourceReader } from '../adapters/source-reader.js';
import { normalizeSourceUrl } from '../adapters/web/index.js';
import { answerEngine, knowledgeCache } from '../engine/answer/index.js';
import { extractDocument } from '../engine/extract/index.js';
import { processAvatar } from '../engine/images/index.js';
import { openAiCompatibleClient, type LlmClient } from '../engine/llm/index.js';
import path from 'node:path';
import { mailTransport } from '../adapters/mail/mail-transport.js';
import { jobQueue } from '../jobs/job-queue.js';
import { createWorker, type JobHandler, type JobLogger } from '../jobs/worker.js';
import { adminService } from '../services/admin.js';
import { analyticsService } from '../services/analytics.js';
import { botAdminService } from '../services/bot-admin.js';
import { botAnalyticsService } from '../services/bot-analytics.js';
import { botBuildHandler } from '../services/bot-build.js';
import { botDocumentsService, KNOWLEDGE_REBUILD_JOB } from '../services/bot-documents.js';
import { botKeyFactsService } from '../services/bot-key-facts.js';
import { knowledgeRebuilder } from '../services/bot-knowledge.js';
import { botSourcesService, SOURCE_FETCH_JOB } from '../services/bot-sources.js';
import { BOT_BUILD_JOB, botsService } from '../services/bots.js';
import { chatService } from '../services/chat.js';
import { botIndexReader } from '../db/packed-index.js';
import { chatUsageService } from '../services/chat-usage.js';
import { apiChatService } from '../services/public-api/api-chat.js';
import { apiConversationsService } from '../services/public-api/api-conversations.js';
import { apiKeysService } from '../services/public-api/api-keys.js';
import { apiKnowledgeService } from '../services/public-api/api-knowledge.js';
import { contactMessagesService } from '../services/contact-messages.js';
import { EMAIL_SEND_JOB, outbox } from '../services/email/outbox.js';
import { planMails } from '../services/email/plan-mails.js';
import { weeklySummary } from '../services/email/weekly-summary.js';
import { conversationLog } from '../services/conversation-log.js';
import { conversationsService } from '../services/insights/conversations.js';
import { correctionsService } from '../services/insights/corrections.js';
import { missedQuestionsService } from '../services/insights/missed-questions.js';
import { checkUpService } from '../services/insights/check-up.js';
import { suggestedQuestionsService } from '../services/suggested-questions.js';
import { knowledgeRebuildHandler } from '../services/knowledge-rebuild.js';
import { chatRetention } from '../services/insights/retention.js';
import { answerVotesService } from '../services/insights/votes.js';
import { messageLimitPolicy } from '../services/message-limits.js';
import { modelUsageLog } from '../services/model-usage.js';
import { paymentsService } from '../services/payments.js';
import { plansService } from '../services/plans.js';
import { sourceFetchHandler, type SourceReader } from '../services/source-fetch.js';
import { sourceRefresh } from '../services/source-refresh.js';
import { sourceFactChoice } from '../services/source-fact-choice.js';
import { uploadCleanup } from '../services/upload-cleanup.js';
import { usersService } from '../services/users.js';
import { appSecretFor, visitorIdentity } from '../services/visitors.js';
import { voiceAgentRequestsService } from '../services/voice-agent-requests.js';
import { visitorRequestsService } from '../services/visitor-requests.js';
import { inProcessLiveHub, type LiveHub } from '../services/live/live-hub.js';
import { liveConversations } from '../services/live/live-conversations.js';
import { liveView } from '../services/live/live-view.js';
import { liveMail, type LiveMailOptions } from '../services/live/live-mail.js';
import { webhooks as webhooksOf, type WebhookOptions } from '../services/webhooks/index.js';
import { mailAddresses } from '../services/email/mail-addresses.js';
import { requestsInboxService } from '../services/insights/requests-inbox.js';
import { DOCUMENT_CHANGE_READING_JOB, documentChangeReadings } from '../services/document-change-readings.js';
import { DOCUMENT_READING_JOB, documentReadingsService } from '../services/document-readings.js';
import { sharedExtraction } from '../services/extraction-slots.js';
import { wizardSessionsService, type ExtractDocument } from '../services/wizard-sessions.js';

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

export interface ServicesDeps {
  config: Config;
  database: Pick<DatabaseHandle, 'db' | 'dialect'>;
  files: FileStore;
  /** Where the services' own errors and warnings go (the server's log). */
  logger: JobLogger;
  /** Scaled out, the daily message counts are kept in Redis; else in the database. */
  redis?: Redis | null;
  /** Where live conversations' events go out (decision 115); in process by default. */
  liveHub?: LiveHub;
  /** Live mail's delays for tests (the owner's notice, the reply to a visitor who left). */
  live?: LiveMailOptions;
  chat?: ChatOptions;
  /** Where the Stripe API is, when Stripe keys are set; Stripe's own by default (tests start a local one). */
  stripeApiBase?: URL;
  /** How website sources are read; the web by default (tests may read their own servers' pages). */
  sourceReader?: SourceReader;
  /** The time the plan mail's sweep reads; the system clock by default (tests move it). */
  clock?: () => Date;
  /** Webhook tuning for tests: the quiet time before `conversation.ended`, the retry delays. */
  webhooks?: WebhookOptions;
}

/** The model that writes answers: LLM_* when configured (or a test's client), else none (the built-in engine). */
function modelClient(config: Config, options: ChatOptions): LlmClient | null {
  if (options.llm !== undefined) return options.llm;
  if (!config.llm) return null;
  return openAiCompatibleClient(config.llm, options.llmTimeoutMs ? { timeoutMs: options.llmTimeoutMs } : {});
}

/** Stripe when its keys are set; else the local test mode, which charges Stripe's test cards offline. */
function paymentProvider(config: Config, apiBase: URL | undefined): PaymentProvider {
  if (!config.stripe) return localPaymentProvider();
  return stripePaymentProvider({ ...config.stripe, ...(apiBase ? { apiBase } : {}) });
}

/**
 * Phase two: every service, built once, as a plain object graph with no HTTP in it (a test can build it without
 * a server). Nothing starts here: the worker and the sweeps are started by the maintenance phase.
 */
export function buildServices(deps: ServicesDeps) {
  const { config, files, logger } = deps;
  const { db, dialect } = deps.database;
  const chatOptions = deps.chat ?? {};
  const queue = jobQueue(db, dialect);
  const bots = botsRepository(db);
  // The live conversations' mail: durable jobs on the worker below; the outbox is made after it.
  const liveMailer = liveMail({
    db,
    queue,
    outbox: () => mail.outbox,
    publicUrl: config.publicUrl,
    logger,
    ...(deps.live ? { options: deps.live } : {}),
  });
  const conversations = conversationLog({ db, logger });
  const modelUsage = modelUsageLog({ db, logger });
  const corrections = correctionsService({ db, bots, log: conversations });
  const plans = plansService({ db });
  // One cache of loaded indexes: the chat answers from it, and "What your bot knows" reads its key facts.
  const knowledge = knowledgeCache();
  const readIndex = botIndexReader(bots);
  const keyFacts = botKeyFactsService({
    db,
    bots,
    extractedFacts: async (botId, version) =>
      (await knowledge.get(botId, version, () => readIndex(botId)))?.index.keyFacts ?? null,
  });
  // Daily message counts: in Redis when scaled out, so every process counts the same messages.
  const usage = deps.redis ? redisChatUsage(deps.redis) : chatUsageService(db);
  const webhooks = webhooksOf({
    db,
    dialect,
    bots,
    allowPrivate: config.allowPrivateUrls,
    logger,
    ...(deps.webhooks ? { options: deps.webhooks } : {}),
  });
  const liveHub = deps.liveHub ?? inProcessLiveHub();
  const live = liveConversations({
    db,
    bots,
    hub: liveHub,
    mail: liveMailer,
    hoursOf: async (botId) => (await keyFacts.ofBot(botId)).facts.hours,
  });
  const chat = chatService({
    live,
    db,
    bots,
    log: conversations,
    modelUsage,
    correctionsOf: corrections.correctionsOf,
    factEditsOf: keyFacts.editsOf,
    usage,
    limits: messageLimitPolicy(visitorIdentity(appSecretFor(config)), chatOptions.dailyLimit),
    engine: answerEngine({
      readIndex,
      cache: knowledge,
      supportEmail: config.supportEmail,
      llm: modelClient(config, chatOptions),
      ...(config.llm ? { contextTokens: config.llm.contextTokens } : {}),
      logger,
    }),
    supportEmail: config.supportEmail,
    webhooks: webhooks.deliveries,
  });
  // A built bot's index is loaded at once: its first visitor's question costs what every other one does.
  const onReady = (botId: string, version: string) => chat.warm(botId, version);
  const rebuildKnowledge = knowledgeRebuilder({ db, onReady });
  const now = deps.clock ?? (() => new Date());
  const sourceFetch = sourceFetchHandler({
    db,
    reader: deps.sourceReader ?? webSourceReader({ allowPrivate: config.allowPrivateUrls }),
    rebuildKnowledge,
    onReadFailed: (sourceId, reason) => sourceReads.onReadFailed(sourceId, reason),
    now,
  });
  const wizard = wizardSessionsService({ db, files });
  // Each extraction runs in its own process; anonymous uploads share one of its slots (decision 086).
  const fairExtraction: ExtractDocument = sharedExtraction(extractDocument);
  const readings = documentReadingsService({ wizard, extract: fairExtraction, files, jobs: queue });
  // A bot's documents wake the worker (made below, with the job of their readings) when a rebuild is queued.
  const documents = botDocumentsService({
    db,
    dialect,
    files,
    jobs: { enqueue: queue.enqueue, wake: () => worker.wake() },
    rebuildKnowledge,
  });
  const changeReadings = documentChangeReadings({ documents, extract: fairExtraction, files, jobs: queue });
  const worker = createWorker({
    queue,
    handlers: {
      [DOCUMENT_READING_JOB]: readings.resumeHandler as JobHandler,
      [DOCUMENT_CHANGE_READING_JOB]: changeReadings.resumeHandler as JobHandler,
      [BOT_BUILD_JOB]: botBuildHandler({ db, onReady }),
      [SOURCE_FETCH_JOB]: sourceFetch as JobHandler,
      [KNOWLEDGE_REBUILD_JOB]: knowledgeRebuildHandler({ db, rebuildKnowledge }) as JobHandler,
      ...liveMailer.handlers,
    },
    logger,
  });
  const builds = { enqueue: queue.enqueue, wake: () => worker.wake() };
  const mail = outboxWithWorker(deps, queue, logger);
  const sourceReads = sourceRefresh({
    db,
    queue,
    mail: mail.outbox,
    publicUrl: config.publicUrl,
    everySeconds: config.sourceRefreshEverySeconds,
    now,
    wake: () => worker.wake(),
  });
  const provider = paymentProvider(config, deps.stripeApiBase);
  const addresses = mailAddresses({
    db,
    mail: mail.outbox,
    publicUrl: config.publicUrl,
    secret: appSecretFor(config),
    now: deps.clock ?? (() => new Date()),
  });
  const planMail = planMails({
    db,
    mail: mail.outbox,
    publicUrl: config.publicUrl,
    now: deps.clock ?? (() => new Date()),
  });
  return {
    db,
    bots,
    builds,
    live,
    liveHub,
    liveView: liveView({ db, log: conversations }),
    worker,
    mail: mail.outbox,
    mailWorker: mail.worker,
    webhooks: webhooks.endpoints,
    webhookDeliveries: webhooks.deliveries,
    webhookWorker: webhooks.worker,
    conversations,
    modelUsage,
    corrections,
    ownerConversations: conversationsService({ db, bots, log: conversations }),
    missed: missedQuestionsService({
      db,
      bots,
      log: conversations,
      correctionsOf: corrections.correctionsOf,
      answerNow: (user, botId, question) => chat.answerAsOwner(user, botId, question),
    }),
    checkUp: checkUpService({ bots, chat, keyFacts }),
    votes: answerVotesService({ db, bots, log: conversations }),
    chatRetention: chatRetention({ db }),
    keyFacts,
    suggestedQuestions: suggestedQuestionsService({ bots }),
    chat,
    publicApi: {
      keys: apiKeysService({ db, dialect, bots }),
      chat: apiChatService({
        db,
        chat,
        usage,
        log: conversations,
        supportEmail: config.supportEmail,
        ...(chatOptions.dailyLimit ? { personDailyLimit: chatOptions.dailyLimit } : {}),
      }),
      conversations: apiConversationsService({ db, log: conversations }),
      knowledge: apiKnowledgeService({ chat, keyFacts }),
    },
    plans,
    users: usersService({ db }),
    analytics: analyticsService({ db }),
    contactMessages: contactMessagesService({ db }),
    voiceAgentRequests: voiceAgentRequestsService({ db }),
    visitorRequests: visitorRequestsService({
      db,
      bots,
      log: conversations,
      mail: mail.outbox,
      addresses,
      publicUrl: config.publicUrl,
      supportEmail: config.supportEmail,
      webhooks: webhooks.deliveries,
    }),
    requestsInbox: requestsInboxService({ db, bots, addresses }),
    mailAddresses: addresses,
    botAdmin: botAdminService({
      db,
      bots,
      files,
      supportEmail: config.supportEmail,
      log: conversations,
      addresses,
    }),
    botAnalytics: botAnalyticsService({ db, bots, log: conversations, modelUsage }),
    wizard,
    botCreation: botsService({ db, dialect, builds, addresses }),
    extractDocument: fairExtraction,
    readings,
    processAvatar,
    sources: botSourcesService({
      db,
      dialect,
      jobs: builds,
      normalizeUrl: normalizeSourceUrl,
      rebuildKnowledge,
    }),
    sourceRefresh: sourceReads,
    sourceFactChoice: sourceFactChoice({ db, keyFacts }),
    documents,
    changeReadings,
    admin: adminService({ db, plans }),
    provider,
    planMails: planMail,
    weeklySummary: weeklySummary({
      db,
      mail: mail.outbox,
      publicUrl: config.publicUrl,
      secret: appSecretFor(config),
      now: deps.clock ?? (() => new Date()),
    }),
    payments: paymentsService({ db, provider, prices: config.stripePrices, receipts: planMail }),
    uploadCleanup: uploadCleanup({ db, files }),
    jobHistory: { removeFinished: queue.removeFinished },
  };
}
export type Services = ReturnType<typeof buildServices>;

/**
 * Mail has its own worker on the same job table: a slow SMTP server never holds up a bot build, and its short
 * lease lets a killed process's message go out soon after the restart (decision 067).
 */
function outboxWithWorker(deps: ServicesDeps, queue: ReturnType<typeof jobQueue>, logger: JobLogger) {
  const { config } = deps;
  const transport = mailTransport(config.smtpUrl, path.join(config.dataDir, 'outbox'));
  let wake = () => {};
  const mailOutbox = outbox({
    db: deps.database.db,
    queue,
    transport,
    from: config.mailFrom,
    messageHost: new URL(config.publicUrl).hostname,
    wake: () => wake(),
  });
  const worker = createWorker({
    queue,
    handlers: { [EMAIL_SEND_JOB]: mailOutbox.handler },
    leaseMs: MAIL_LEASE_MS,
    concurrency: 2,
    logger,
  });
  wake = () => worker.wake();
  return { outbox: mailOutbox, worker };
}

const MAIL_LEASE_MS = 9_000;
