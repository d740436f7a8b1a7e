import { z } from 'zod';
import {
  BOT_NAME_PATTERN,
  BOT_TYPES,
  CREATIVITY_LEVELS,
  DEFAULT_BOT_NAME,
  DEFAULT_BOT_TYPE,
  DEFAULT_CREATIVITY,
  DEFAULT_TONE,
  SESSION_ID_PATTERN,
  TONES,
  UPLOAD_ID_PATTERN,
} from '../bot.js';
import { BOT_NAME_MAX, CONTACT_EMAIL_MAX, DOCUMENT_PREVIEW_MAX_CHARS, WELCOME_MAX } from '../limits.js';
import { CONTACT_MSG, WIZARD_MSG } from '../messages.js';
import { singleLine } from './single-line.js';

/** The wizard's and the bot settings' schemas, used by the wizard and the API. */
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
 * The bot's contact for questions it cannot answer: one email address, trimmed.
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

export const sessionIdSchema = z
  .string({ error: WIZARD_MSG.invalidSession })
  .regex(SESSION_ID_PATTERN, WIZARD_MSG.invalidSession);

export const uploadIdSchema = z.string().regex(UPLOAD_ID_PATTERN);

/** The configuration the wizard sends to save. */
export const botConfigSchema = z.object({
  sessionId: sessionIdSchema,
  botType: botTypeSchema.default(DEFAULT_BOT_TYPE),
  botName: botNameSchema.default(DEFAULT_BOT_NAME),
  welcomeMessage: welcomeMessageSchema,
  chatbotTone: toneSchema.default(DEFAULT_TONE),
  documentName: singleLine(z.string().trim().min(1, WIZARD_MSG.documentRequired).max(255)),
  documentPath: uploadIdSchema
    .or(z.string().length(0))
    .refine((v) => v.length > 0, WIZARD_MSG.documentRequired),
  creativityLevel: creativitySchema.default(DEFAULT_CREATIVITY),
  tempImagePath: uploadIdSchema.nullish(),
  /** The bot's contact; absent means the owner's sign-in email. */
  contactEmail: contactEmailSchema.nullish(),
});
export type BotConfig = z.infer<typeof botConfigSchema>;
export type BotConfigInput = z.input<typeof botConfigSchema>;

/** The upload's reply: where it is kept, and what the wizard shows of it (its opening words, its pages). */
export const extractResponseSchema = z.object({
  text: z.string().max(DOCUMENT_PREVIEW_MAX_CHARS),
  filePath: uploadIdSchema,
  pageCount: z.number().int().nonnegative().nullable(),
});
export type ExtractResponse = z.infer<typeof extractResponseSchema>;
export const uploadImageResponseSchema = z.object({ tempImagePath: uploadIdSchema });
export type UploadImageResponse = z.infer<typeof uploadImageResponseSchema>;
export const saveConfigResponseSchema = z.object({ botId: z.string(), botCount: z.number().int() });
export type SaveConfigResponse = z.infer<typeof saveConfigResponseSchema>;

/** User plan status. */
export const userPlanSchema = z.object({
  planName: z.string(),
  limits: z.object({
    currentBots: z.number().int().min(0),
    maxBots: z.number().int().min(0),
    /** The largest document this owner may upload. */
    documentMaxBytes: z.number().int().min(0),
  }),
  /** When the paid month ends (ISO time); absent on the Free Trial and on plans with no end. */
  activeUntil: z.string().optional(),
  /** A paid plan queued after this one (a cheaper plan bought while a dearer one runs): when it starts and ends. */
  nextPlan: z.object({ planName: z.string(), startsAt: z.string(), endsAt: z.string() }).optional(),
});
export type UserPlan = z.infer<typeof userPlanSchema>;
export const planStatusResponseSchema = z.object({ success: z.literal(true), userPlan: userPlanSchema });
