import { z } from 'zod';
import { BRAND } from './brand.js';
import {
  BOT_NAME_MAX,
  CONTACT_EMAIL_MAX,
  DOCUMENT_MAX_BYTES,
  AVATAR_MAX_BYTES,
  WELCOME_MAX,
} from './limits.js';
import { CONTACT_MSG, WIZARD_MSG } from './messages.js';

/** Bot settings and the wizard's schemas (specification, sections 3, 5 and 9), used by the wizard and the API. */
export const TONES = ['friendly', 'professional', 'casual', 'formal'] as const;
export type Tone = (typeof TONES)[number];
export const CREATIVITY_LEVELS = ['restricted', 'balanced'] as const;
export type CreativityLevel = (typeof CREATIVITY_LEVELS)[number];
export const BOT_TYPES = ['text', 'phone'] as const;
export type BotType = (typeof BOT_TYPES)[number];
export const BOT_STATUSES = [
  'active',
  'configuring',
  'pending_cag',
  'cag_generated',
  'error',
  'deleted',
] as const;
export type BotStatus = (typeof BOT_STATUSES)[number];

/** Chat-ready (specification, section 4): the statuses a bot answers visitors in. */
export const CHAT_READY_STATUSES: readonly BotStatus[] = ['cag_generated', 'active'];
export function isChatReady(status: string): boolean {
  return (CHAT_READY_STATUSES as readonly string[]).includes(status);
}

export const DEFAULT_WELCOME = 'Hello! How can I help you today?';
export const DEFAULT_TONE: Tone = 'friendly';
export const DEFAULT_CREATIVITY: CreativityLevel = 'balanced';
export const DEFAULT_BOT_TYPE: BotType = 'text';
export const DEFAULT_BOT_NAME = BRAND;

/** Accepted uploads: the client checks names and types; the server checks the bytes. */
export const DOCUMENT_TYPES = {
  extensions: ['.pdf', '.doc', '.docx', '.txt'],
  mimeTypes: [
    'application/pdf',
    'application/msword',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'text/plain',
  ],
  maxBytes: DOCUMENT_MAX_BYTES,
} as const;
export const IMAGE_TYPES = {
  extensions: ['.jpg', '.jpeg', '.png', '.gif', '.webp'],
  mimeTypes: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
  maxBytes: AVATAR_MAX_BYTES,
} as const;

export const BOT_NAME_PATTERN = /^[A-Za-z0-9 _-]+$/;

export const welcomeMessageSchema = z
  .string({ error: WIZARD_MSG.welcomeRequired })
  .trim()
  .min(1, WIZARD_MSG.welcomeRequired)
  .max(WELCOME_MAX, WIZARD_MSG.welcomeTooLong);
export const botNameSchema = z
  .string({ error: WIZARD_MSG.nameRequired })
  .trim()
  .min(1, WIZARD_MSG.nameRequired)
  .max(BOT_NAME_MAX, WIZARD_MSG.nameTooLong)
  .regex(BOT_NAME_PATTERN, WIZARD_MSG.nameCharacters);
/**
 * The bot's contact for questions it cannot answer (decisions, section 8): one email address, trimmed.
 * Kept as typed (the part before the @ may be case-sensitive).
 */
export const contactEmailSchema = z
  .string({ error: CONTACT_MSG.invalid })
  .trim()
  .min(1, CONTACT_MSG.required)
  .max(CONTACT_EMAIL_MAX, CONTACT_MSG.tooLong)
  .pipe(z.email({ error: CONTACT_MSG.invalid }));
export const toneSchema = z.enum(TONES, { error: WIZARD_MSG.toneRequired });
export const creativitySchema = z.enum(CREATIVITY_LEVELS, { error: WIZARD_MSG.creativityRequired });
export const botTypeSchema = z.enum(BOT_TYPES);

/** The wizard session id: a random id the client makes (decisions, section 2). */
export const sessionIdSchema = z
  .string({ error: WIZARD_MSG.invalidSession })
  .regex(/^[A-Za-z0-9_-]{16,64}$/, WIZARD_MSG.invalidSession);

/** Server-made ids the upload calls return (filePath, tempImagePath): opaque, never a file system path. */
export const uploadIdSchema = z.string().regex(/^[a-z]{3}_[A-Za-z0-9_-]{16,40}$/);

/** The configuration the wizard sends to save (specification, section 3). */
export const botConfigSchema = z.object({
  sessionId: sessionIdSchema,
  botType: botTypeSchema.default(DEFAULT_BOT_TYPE),
  botName: botNameSchema.default(DEFAULT_BOT_NAME),
  welcomeMessage: welcomeMessageSchema,
  chatbotTone: toneSchema.default(DEFAULT_TONE),
  documentName: z.string().trim().min(1, WIZARD_MSG.documentRequired).max(255),
  documentPath: uploadIdSchema
    .or(z.string().length(0))
    .refine((v) => v.length > 0, WIZARD_MSG.documentRequired),
  creativityLevel: creativitySchema.default(DEFAULT_CREATIVITY),
  tempImagePath: uploadIdSchema.nullish(),
  /** The bot's contact (decisions, section 8); absent means the owner's sign-in email. */
  contactEmail: contactEmailSchema.nullish(),
});
export type BotConfig = z.infer<typeof botConfigSchema>;
export type BotConfigInput = z.input<typeof botConfigSchema>;

export const extractResponseSchema = z.object({ text: z.string(), filePath: uploadIdSchema });
export type ExtractResponse = z.infer<typeof extractResponseSchema>;
export const uploadImageResponseSchema = z.object({ tempImagePath: uploadIdSchema });
export type UploadImageResponse = z.infer<typeof uploadImageResponseSchema>;
export const saveConfigResponseSchema = z.object({ botId: z.string(), botCount: z.number().int() });
export type SaveConfigResponse = z.infer<typeof saveConfigResponseSchema>;

/** User plan status (specification, section 3). */
export const userPlanSchema = z.object({
  planName: z.string(),
  limits: z.object({ currentBots: z.number().int().min(0), maxBots: z.number().int().min(0) }),
});
export type UserPlan = z.infer<typeof userPlanSchema>;
export const planStatusResponseSchema = z.object({ success: z.literal(true), userPlan: userPlanSchema });
export const BOT_LIMIT_REACHED = 'BOT_LIMIT_REACHED';
