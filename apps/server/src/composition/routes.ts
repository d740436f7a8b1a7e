import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Identity } from '../adapters/identity/identity.js';
import { clientConfigFor } from '../client-config.js';
import { allowedOriginsGuard } from '../http/allowed-origins.js';
import { authHandlers } from '../http/authenticate.js';
import { collectPublicRoutes } from '../http/openapi/public-routes.js';
import { serveWebApp } from '../http/web-app.js';
import { adminRoutes } from '../routes/admin.js';
import { emailRoutes } from '../routes/email.js';
import { analyticsRoutes } from '../routes/analytics.js';
import { apiKeyRoutes } from '../routes/api-keys.js';
import { webhookRoutes } from '../routes/webhooks.js';
import { chatRoutes } from '../routes/chat.js';
import { contactRoutes } from '../routes/contact.js';
import { dashboardRoutes } from '../routes/dashboard.js';
import { documentRoutes } from '../routes/documents.js';
import { insightsRoutes } from '../routes/insights.js';
import { keyFactsRoutes } from '../routes/key-facts.js';
import { liveRoutes } from '../routes/live.js';
import { mcpRoutes } from '../routes/mcp.js';
import { paymentRoutes } from '../routes/payments.js';
import { openApiRoutes } from '../routes/openapi.js';
import { publicApiRoutes } from '../routes/public-api.js';
import { publicApiDocumentRoutes } from '../routes/public-api-documents.js';
import { siteFileRoutes } from '../routes/site-files.js';
import { sourceRoutes } from '../routes/sources.js';
import { suggestedQuestionsRoutes } from '../routes/suggested-questions.js';
import { systemRoutes } from '../routes/system.js';
import { visitorRequestRoutes } from '../routes/visitor-requests.js';
import { voiceAgentRoutes } from '../routes/voice-agent.js';
import { wizardRoutes } from '../routes/wizard.js';
import { CHAT_RATE_PER_MINUTE } from '../services/chat.js';
import type { Services } from './services.js';

export interface RoutesDeps {
  config: Config;
  identity: Identity;
  /** The built web app (apps/web/dist); null serves the API alone. */
  webDist: string | null;
  /** Requests per minute per address on the widget's calls (CHAT_RATE_PER_MINUTE); null turns it off. */
  chatRatePerMinute?: number | null;
}

/** Phase three: the routes, one line per module, each given the services it calls; then the web app. */
export async function registerRoutes(app: FastifyInstance, s: Services, deps: RoutesDeps): Promise<void> {
  const { config } = deps;
  // Before any route: the OpenAPI document lists every /api/v1 route registered from here on.
  const publicRoutes = collectPublicRoutes(app);
  const auth = authHandlers(deps.identity, s.users);
  const clientConfig = clientConfigFor(config);
  // A bot's allowed websites: who may frame its /embed page and call its widget API.
  const originGuard = allowedOriginsGuard(s.bots.domainsOf);
  const ratePerMinute = deps.chatRatePerMinute === undefined ? CHAT_RATE_PER_MINUTE : deps.chatRatePerMinute;

  systemRoutes(app, { auth, clientConfig });
  siteFileRoutes(app, { publicUrl: config.publicUrl });
  analyticsRoutes(app, { analytics: s.analytics });
  contactRoutes(app, { messages: s.contactMessages });
  chatRoutes(app, { auth, votes: s.votes, originGuard, chat: s.chat, ratePerMinute });
  dashboardRoutes(app, { auth, botAdmin: s.botAdmin });
  const { wizard, plans, processAvatar } = s;
  wizardRoutes(app, { auth, wizard, readings: s.readings, bots: s.botCreation, plans, processAvatar });
  sourceRoutes(app, { auth, sources: s.sources, factChoice: s.sourceFactChoice });
  documentRoutes(app, { auth, documents: s.documents, plans, readings: s.changeReadings });
  keyFactsRoutes(app, { auth, keyFacts: s.keyFacts });
  suggestedQuestionsRoutes(app, { auth, questions: s.suggestedQuestions });
  const { missed, corrections, ownerConversations: conversations, botAnalytics: analytics, checkUp } = s;
  insightsRoutes(app, { auth, conversations, missed, corrections, analytics, checkUp });
  voiceAgentRoutes(app, { auth, requests: s.voiceAgentRequests });
  visitorRequestRoutes(app, {
    auth,
    chat: s.chat,
    requests: s.visitorRequests,
    inbox: s.requestsInbox,
    originGuard,
  });
  liveRoutes(app, { auth, chat: s.chat, live: s.live, view: s.liveView, hub: s.liveHub, originGuard });
  adminRoutes(app, { auth, admin: s.admin, adminEmails: config.adminEmails });
  emailRoutes(app, { weeklySummary: s.weeklySummary, mailAddresses: s.mailAddresses });
  paymentRoutes(app, { auth, provider: s.provider, payments: s.payments });
  apiKeyRoutes(app, { auth, keys: s.publicApi.keys });
  webhookRoutes(app, { auth, webhooks: s.webhooks });
  publicApiRoutes(app, s.publicApi, config.publicUrl);
  publicApiDocumentRoutes(app, {
    keys: s.publicApi.keys,
    documents: s.documents,
    readings: s.changeReadings,
  });
  openApiRoutes(app, { routes: publicRoutes, publicUrl: config.publicUrl });
  mcpRoutes(app, s.publicApi);
  await serveWebApp(app, deps.webDist, clientConfig, s.bots.domainsOf, config.publicUrl);
}
