/** API paths: one server, one origin, prefix /api. */
export const API = {
  health: '/api/health',
  me: '/api/me',
  clientConfig: '/api/client-config',
  publicBotInfo: '/api/public-bot-info',
  chat: '/api/chat',
  generateQuestions: '/api/generate-questions',
  extract: '/api/extract',
  uploadImage: '/api/upload-image',
  saveConfig: '/api/save-config',
  planStatus: '/api/get-user-plan-status',
  listBots: '/api/list-user-bots',
  deleteBot: '/api/delete-bot',
  createPaymentIntent: '/api/create-payment-intent',
  /** `GET ?plan=basic|pro` → {@link PlanChange}: what paying for the plan would do to the owner's paid time. */
  planChange: '/api/plan-change',
  stripeWebhook: '/api/stripe-webhook',
  /** The local test mode only: charges a Stripe test card for a payment intent (no Stripe keys set). */
  confirmLocalPayment: '/api/local-payments/confirm',
  /** `POST` a page view for the first-party analytics log (see analytics route). */
  pageViews: '/api/events',
  /** `POST` {@link ContactMessageRequest} from the site's contact form → `{ success: true }`. */
  contactMessages: '/api/contact-messages',
  /** `GET ?botId=` → {@link BotDomainsResponse} (owner only). */
  botDomains: '/api/get-bot-domains',
  /** `POST` {@link UpdateBotDomainsRequest} → {@link BotDomainsResponse} (owner only). */
  updateBotDomains: '/api/update-bot-domains',
  /** `POST` {@link UpdateBotThemeRequest} → {@link BotThemeResponse} (owner only). */
  updateBotTheme: '/api/update-bot-theme',
  /** `POST` {@link UpdateBotSettingsRequest} → {@link UpdateBotSettingsResponse} (owner only). */
  updateBotSettings: '/api/update-bot-settings',
  /** `POST` {@link KeepBotLiveRequest} → `{ success: true }`: this bot stays live when bots are over the plan's cap. */
  keepBotLive: '/api/keep-bot-live',
  /** `POST` {@link VoiceAgentRequest} from the phone agent onboarding → {@link VoiceAgentResponse} (signed in). */
  voiceAgentRequests: '/api/voice-agent-requests',
  /** Owner insights (owner only; another user's bot is the same 404): see schemas/insights.ts. */
  botConversations: '/api/bot-conversations',
  botConversationsCsv: '/api/bot-conversations.csv',
  deleteConversation: '/api/delete-conversation',
  missedQuestions: '/api/missed-questions',
  dismissMissedQuestion: '/api/dismiss-missed-question',
  corrections: '/api/corrections',
  saveCorrection: '/api/save-correction',
  deleteCorrection: '/api/delete-correction',
  /** "What your bot knows" (owner only): `GET ?botId=` and `POST` {@link SaveKeyFactsRequest} → {@link KeyFactsResponse}. */
  keyFacts: '/api/key-facts',
  saveKeyFacts: '/api/save-key-facts',
  /** `GET ?botId=` → {@link BotAnalyticsResponse}: the figures the owner's plan includes. */
  botAnalytics: '/api/bot-analytics',
  /** `GET ?botId=` → CSV of the daily figures over 12 months (advanced analytics only). */
  botAnalyticsCsv: '/api/bot-analytics.csv',
  /** Website sources (owner only): see schemas/sources.ts. */
  botSources: '/api/bot-sources',
  addBotSource: '/api/add-bot-source',
  refreshBotSource: '/api/refresh-bot-source',
  deleteBotSource: '/api/delete-bot-source',
  /** `POST` {@link ChatFeedbackRequest}: a visitor's thumbs up or down on one answer, once. */
  chatFeedback: '/api/chat-feedback',
  /** The staff console's lists (see admin.ts): 404 for anyone not on ADMIN_EMAILS. */
  adminList: '/api/admin/:list',
  /** Public: the bot's 200x200 PNG avatar; 404 when the bot has none or is deleted. */
  botAvatarRoute: '/api/bot-avatar/:botId',
} as const;

/** The id of the `<script type="application/json">` element that carries the client config. */
export const CLIENT_CONFIG_ELEMENT_ID = 'vuxo-config';

/** A page view for the first-party analytics log. */
export const PAGE_PATH_MAX = 500;
