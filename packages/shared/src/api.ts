import { VISITOR_REQUEST_PATH } from './request-api.js';
import { MAIL_CONFIRM_PATH } from './mail-addresses.js';
import { WEEKLY_UNSUBSCRIBE_PATH } from './weekly-summary.js';
import { PAGE_VIEWS_PATH } from './page-basics.js';

export { CLIENT_CONFIG_ELEMENT_ID, PAGE_PATH_MAX, PAGE_VIEWS_PATH } from './page-basics.js';

/**
 * The chat widget's API paths, part of API below: the widget imports these alone, so /embed does not carry every
 * path of the product (its JavaScript has a budget, bench/widget).
 */
export const WIDGET_API = {
  publicBotInfo: '/api/public-bot-info',
  chat: '/api/chat',
  generateQuestions: '/api/generate-questions',
  /** `POST` {@link ChatFeedbackRequest}: a visitor's thumbs up or down on one answer, once. */
  chatFeedback: '/api/chat-feedback',
} as const;

/** API paths: one server, one origin, prefix /api. */
export const API = {
  ...WIDGET_API,
  health: '/api/health',
  me: '/api/me',
  clientConfig: '/api/client-config',
  extract: '/api/extract',
  /**
   * `POST` multipart {@link SaveDocumentTextFields} and the text as a UTF-8 file `text` → {@link SaveDocumentTextResponse}:
   * the owner's fix of the text OCR read, kept for the build.
   */
  documentText: '/api/wizard-document-text',
  /** `GET ?sessionId=` → {@link DocumentReadingResponse}: the progress of the session's document read by OCR. */
  documentReading: '/api/wizard-document-reading',
  /** `POST` {sessionId} → {@link DocumentReadingResponse}: stops that reading. */
  cancelReading: '/api/wizard-document-reading/cancel',
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
  pageViews: PAGE_VIEWS_PATH,
  /** `POST` {@link ContactMessageRequest} from the site's contact form → `{ success: true }`. */
  contactMessages: '/api/contact-messages',
  /** `GET ?botId=` → {@link BotDomainsResponse} (owner only). */
  botDomains: '/api/get-bot-domains',
  /** `POST` {@link UpdateBotDomainsRequest} → {@link BotDomainsResponse} (owner only). */
  updateBotDomains: '/api/update-bot-domains',
  /** `POST` {@link UpdateBotThemeRequest} → {@link BotThemeResponse} (owner only). */
  updateBotTheme: '/api/update-bot-theme',
  /**
   * `POST` {@link UpdateBotSettingsRequest} → {@link UpdateBotSettingsResponse} (owner only): name, welcome
   * message, tone, creativity and contact, checked by the wizard's rules; no rebuild.
   */
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
  /**
   * `GET ?botId=` → {@link CheckUpResponse}: the bot's answers now to its suggested questions and to an everyday
   * question per key fact it has (CHECK_UP_QUESTIONS), asked as the owner: not logged, not counted.
   */
  botCheckUp: '/api/bot-check-up',
  saveCorrection: '/api/save-correction',
  deleteCorrection: '/api/delete-correction',
  /** "What your bot knows" (owner only): `GET ?botId=` and `POST` {@link SaveKeyFactsRequest} → {@link KeyFactsResponse}. */
  keyFacts: '/api/key-facts',
  saveKeyFacts: '/api/save-key-facts',
  /**
   * The suggested questions visitors see (owner only; decision 107): `GET ?botId=` and `POST`
   * {@link SaveSuggestedQuestionsRequest} → {@link SuggestedQuestionsResponse}; the reset (`POST { botId }`) gives
   * the list back to the document's build.
   */
  suggestedQuestions: '/api/suggested-questions',
  saveSuggestedQuestions: '/api/save-suggested-questions',
  resetSuggestedQuestions: '/api/reset-suggested-questions',
  /** `GET ?botId=` → {@link BotAnalyticsResponse}: the figures the owner's plan includes. */
  botAnalytics: '/api/bot-analytics',
  /** `GET ?botId=` → CSV of the daily figures over 12 months (advanced analytics only). */
  botAnalyticsCsv: '/api/bot-analytics.csv',
  /** Website sources (owner only): see schemas/sources.ts. */
  botSources: '/api/bot-sources',
  addBotSource: '/api/add-bot-source',
  refreshBotSource: '/api/refresh-bot-source',
  deleteBotSource: '/api/delete-bot-source',
  /**
   * A bot's documents (owner only): see schemas/documents.ts. `GET ?botId=` lists them; the replace and add calls
   * take the file as the wizard's upload does (multipart `file`), with `?botId=` (and `&documentId=` to replace).
   */
  botDocuments: '/api/bot-documents',
  replaceBotDocument: '/api/replace-bot-document',
  addBotDocument: '/api/add-bot-document',
  deleteBotDocument: '/api/delete-bot-document',
  /** The staff console's lists (see admin.ts): 404 for anyone not on ADMIN_EMAILS. */
  adminList: '/api/admin/:list',
  /** `POST` {@link VisitorRequestBody} from the widget's request form → `{ success: true }` (decision 068). */
  visitorRequest: VISITOR_REQUEST_PATH,
  /** `GET ?token=` a page asking first; `POST ?token=` (RFC 8058 one click) stops the weekly summary (HTML). */
  weeklyUnsubscribe: WEEKLY_UNSUBSCRIBE_PATH,
  /** An address's holder confirms or refuses an owner's mail (decision 085); GET shows the page, POST answers. */
  mailConfirm: MAIL_CONFIRM_PATH,
  /** The owner's requests inbox (owner only): see schemas/visitor-requests.ts. */
  botRequests: '/api/bot-requests',
  botRequestsCsv: '/api/bot-requests.csv',
  updateBotRequest: '/api/update-bot-request',
  botRequestSettings: '/api/bot-request-settings',
  updateBotRequestSettings: '/api/update-bot-request-settings',
  /** Public: the bot's 200x200 PNG avatar; 404 when the bot has none or is deleted. */
  botAvatarRoute: '/api/bot-avatar/:botId',
} as const;
