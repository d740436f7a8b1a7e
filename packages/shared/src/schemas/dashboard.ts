import { z } from 'zod';
import { BOT_IDENTIFIER_MAX, DEFAULT_THEME, THEME_IDS } from '../chat.js';
import { ALLOWED_DOMAINS_MAX, BOT_ADMIN_MSG, isValidDomainPattern } from '../dashboard.js';
import {
  sessionIdSchema,
  uploadIdSchema,
  botNameSchema,
  contactChoiceSchema,
  contactEmailSchema,
  creativitySchema,
  toneSchema,
  welcomeMessageSchema,
} from './bot.js';
import { CREATIVITY_LEVELS, TONES } from '../bot.js';
import { CONTACT_MSG } from '../messages.js';

/** The dashboard's list, delete and share calls. */

/** A bot as the dashboard lists it (with its shareId). */
export const botSummarySchema = z.object({
  botId: z.string(),
  botName: z.string(),
  /** A URL the browser can load (same origin), or null when the bot has no avatar. */
  botImageUrl: z.string().nullable(),
  /** One of BOT_STATUSES; read as any text so a new status shows raw rather than failing. */
  status: z.string(),
  /** ISO-8601. */
  createdAt: z.string(),
  shareId: z.string(),
  /** The widget's theme, chosen in the Share dialog. */
  themeId: z.enum(THEME_IDS).catch(DEFAULT_THEME),
  /**
   * True when the owner has more bots than the plan allows and this one is not among those kept live: it does
   * not answer visitors (decision 032).
   */
  paused: z.boolean().optional(),
  /** Why the bot is in `error`, readable by the owner; null otherwise. */
  statusReason: z.string().nullable().optional(),
  /**
   * Where the bot's declines send visitors: the contact the owner set, else the
   * owner's sign-in email, else the product's support address; null when the owner chose no contact.
   */
  contactEmail: z.string().nullable(),
  /** The contact the owner chose (decision 062): it prefills the settings dialog's and the Share dialog's choice. */
  contactChoice: contactChoiceSchema,
  /** The settings the owner may edit after the wizard (they prefill the settings dialog). */
  welcomeMessage: z.string(),
  chatbotTone: z.enum(TONES),
  creativityLevel: z.enum(CREATIVITY_LEVELS),
  /** Visitors' use over the last 7 days: conversations, messages and the messages answered (not declined). */
  last7Days: z
    .object({
      conversations: z.number().int().min(0),
      messages: z.number().int().min(0),
      answered: z.number().int().min(0),
    })
    .optional(),
  /** Visitors' requests the owner has not answered or closed yet (decision 068). */
  newRequests: z.number().int().min(0).optional(),
});
export type BotSummary = z.infer<typeof botSummarySchema>;

export const listBotsResponseSchema = z.object({ bots: z.array(botSummarySchema) });
export type ListBotsResponse = z.infer<typeof listBotsResponseSchema>;

/** Bot ids are server-made (`bot_…`); anything else can name no bot. */
export const botIdSchema = z
  .string({ error: BOT_ADMIN_MSG.invalidBotId })
  .trim()
  .min(1, BOT_ADMIN_MSG.invalidBotId)
  .max(BOT_IDENTIFIER_MAX, BOT_ADMIN_MSG.invalidBotId);

export const deleteBotRequestSchema = z.object({ botId: botIdSchema });
export type DeleteBotRequest = z.infer<typeof deleteBotRequestSchema>;
export const deleteBotResponseSchema = z.object({ success: z.literal(true) });
export type DeleteBotResponse = z.infer<typeof deleteBotResponseSchema>;

/** POST keep-bot-live: this bot stays live when the owner's bots are over the plan's cap. */
export const keepBotLiveRequestSchema = z.object({ botId: botIdSchema });
export type KeepBotLiveRequest = z.infer<typeof keepBotLiveRequestSchema>;
export const keepBotLiveResponseSchema = z.object({ success: z.literal(true) });
export type KeepBotLiveResponse = z.infer<typeof keepBotLiveResponseSchema>;

/** One allowed website: lowercased host name, optional port, optional leading `*.`. */
export const allowedDomainSchema = z
  .string({ error: BOT_ADMIN_MSG.invalidDomain })
  .trim()
  .toLowerCase()
  .refine(isValidDomainPattern, BOT_ADMIN_MSG.invalidDomain);

/** The allowed websites: at most {@link ALLOWED_DOMAINS_MAX}, deduplicated; empty means any website. */
export const allowedDomainsSchema = z
  .array(allowedDomainSchema, { error: BOT_ADMIN_MSG.invalidDomain })
  .transform((domains) => [...new Set(domains)])
  .pipe(z.array(z.string()).max(ALLOWED_DOMAINS_MAX, BOT_ADMIN_MSG.tooManyDomains(ALLOWED_DOMAINS_MAX)));

export const updateBotDomainsRequestSchema = z.object({
  botId: botIdSchema,
  allowedDomains: allowedDomainsSchema,
});
export type UpdateBotDomainsRequest = z.input<typeof updateBotDomainsRequestSchema>;
export const botDomainsResponseSchema = z.object({ botId: z.string(), allowedDomains: z.array(z.string()) });
export type BotDomainsResponse = z.infer<typeof botDomainsResponseSchema>;

export const updateBotThemeRequestSchema = z.object({
  botId: botIdSchema,
  themeId: z.enum(THEME_IDS, { error: BOT_ADMIN_MSG.invalidTheme }),
});
export type UpdateBotThemeRequest = z.input<typeof updateBotThemeRequestSchema>;
export const botThemeResponseSchema = z.object({ botId: z.string(), themeId: z.enum(THEME_IDS) });
export type BotThemeResponse = z.infer<typeof botThemeResponseSchema>;

/**
 * The owner's settings of a bot, checked by the wizard's own schemas; a field left out is left as it is.
 * None of them changes the bot's knowledge, so saving never rebuilds it. The contact is the wizard's choice
 * (decision 062): 'other' needs `contactEmail`, which the other choices ignore. An older client's
 * `contactEmail` alone still works: an address means 'other', null the default, the owner's sign-in email.
 */
export const updateBotSettingsRequestSchema = z
  .object({
    botId: botIdSchema,
    botName: botNameSchema.optional(),
    welcomeMessage: welcomeMessageSchema.optional(),
    chatbotTone: toneSchema.optional(),
    creativityLevel: creativitySchema.optional(),
    contactChoice: contactChoiceSchema.optional(),
    contactEmail: contactEmailSchema.nullable().optional(),
    /** A new avatar, uploaded as the wizard does (`API.uploadImage` with a fresh session); null removes it. */
    avatar: z.object({ sessionId: sessionIdSchema, tempImagePath: uploadIdSchema }).nullable().optional(),
  })
  .superRefine((change, ctx) => {
    if (change.contactChoice === 'other' && !change.contactEmail)
      ctx.addIssue({ code: 'custom', path: ['contactEmail'], message: CONTACT_MSG.required });
  });
export type UpdateBotSettingsRequest = z.input<typeof updateBotSettingsRequestSchema>;
export const updateBotSettingsResponseSchema = z.object({ success: z.literal(true) });
export type UpdateBotSettingsResponse = z.infer<typeof updateBotSettingsResponseSchema>;
