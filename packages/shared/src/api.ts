import { z } from 'zod';

/** API paths (decisions, section 2): one server, one origin, prefix /api. */
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
  stripeWebhook: '/api/stripe-webhook',
  pageViews: '/api/page-views',
  /** `GET ?botId=` → {@link BotDomainsResponse} (owner only). */
  botDomains: '/api/get-bot-domains',
  /** `POST` {@link UpdateBotDomainsRequest} → {@link BotDomainsResponse} (owner only). */
  updateBotDomains: '/api/update-bot-domains',
  /** `POST` {@link UpdateBotThemeRequest} → {@link BotThemeResponse} (owner only). */
  updateBotTheme: '/api/update-bot-theme',
  /** `POST` {@link UpdateBotSettingsRequest} → {@link UpdateBotSettingsResponse} (owner only; decisions, section 8). */
  updateBotSettings: '/api/update-bot-settings',
  /** Public: the bot's 200x200 PNG avatar; 404 when the bot has none or is deleted. */
  botAvatarRoute: '/api/bot-avatar/:botId',
} as const;

/** Every API error has this shape. */
export const apiErrorSchema = z.object({ error: z.string(), code: z.string().optional() });
export type ApiError = z.infer<typeof apiErrorSchema>;

export const healthSchema = z.object({ ok: z.literal(true) });

export const meSchema = z.object({
  user: z.object({
    id: z.string(),
    email: z.string().nullable(),
    displayName: z.string().nullable(),
    emailVerified: z.boolean(),
  }),
});
export type Me = z.infer<typeof meSchema>;

/**
 * What the server tells the web app at load time (embedded in index.html as JSON data):
 * the public parts of the configuration, never a secret.
 */
const demoBotSchema = z.object({
  botId: z.string(),
  name: z.string(),
  /** What the sample business is and which document the bot answers from. */
  business: z.string(),
  /** Questions to try, each answered by the document. */
  questions: z.array(z.string()),
});
export type DemoBot = z.infer<typeof demoBotSchema>;

export const clientConfigSchema = z.object({
  brand: z.string(),
  supportEmail: z.string(),
  publicPhone: z.string(),
  firebase: z.object({
    apiKey: z.string(),
    authDomain: z.string(),
    projectId: z.string(),
  }),
  /** Set in local mode: the browser signs in against the Firebase Auth emulator at this URL. */
  authEmulatorUrl: z.string().nullable(),
  stripePublishableKey: z.string().nullable(),
  gaMeasurementId: z.string().nullable(),
  /** The share id of the site's own chat bot (decisions, section 6); null when the site chat is off. */
  siteChatShareId: z.string().nullable(),
  /** The live demo bots of /demos, built from sample businesses' documents; none when the site chat is off. */
  demoBots: z.array(demoBotSchema).default([]),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;

/** The id of the `<script type="application/json">` element that carries the client config. */
export const CLIENT_CONFIG_ELEMENT_ID = 'vuxo-config';

/** A page view for the first-party analytics log (specification, section 2.2). */
export const PAGE_PATH_MAX = 500;
export const pageViewSchema = z.object({
  path: z.string().startsWith('/').max(PAGE_PATH_MAX),
  referrer: z
    .string()
    .max(PAGE_PATH_MAX * 2)
    .nullish(),
});
export type PageView = z.infer<typeof pageViewSchema>;
