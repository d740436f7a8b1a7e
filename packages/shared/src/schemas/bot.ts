import { z } from 'zod';
import {
  BOT_NAME_PATTERN,
  BOT_TYPES,
  CONTACT_CHOICES,
  CREATIVITY_LEVELS,
  DEFAULT_BOT_NAME,
  DEFAULT_BOT_TYPE,
  DEFAULT_CREATIVITY,
  DEFAULT_TONE,
  SESSION_ID_PATTERN,
  TONES,
  UPLOAD_ID_PATTERN,
  type ContactChoice,
} from '../bot.js';
import {
  BOT_NAME_MAX,
  CONTACT_EMAIL_MAX,
  DOCUMENT_PREVIEW_MAX_CHARS,
  DOCUMENT_TEXT_MAX_CHARS,
  OCR_UNSURE_MAX,
  WELCOME_MAX,
} from '../limits.js';
import { isPlainEmail } from '../email-address.js';
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
  .refine(isPlainEmail, CONTACT_MSG.invalid);
export const contactChoiceSchema = z.enum(CONTACT_CHOICES);
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
  /**
   * Which contact the bot's declines give; absent (an older client) means 'other' when contactEmail is given,
   * else 'sign-in'.
   */
  contactChoice: contactChoiceSchema.optional(),
  /** The address of the 'other' choice (ignored with the others). */
  contactEmail: contactEmailSchema.nullish(),
});
export type BotConfig = z.infer<typeof botConfigSchema>;
export type BotConfigInput = z.input<typeof botConfigSchema>;

/** The contact choice a configuration makes, with an older client's (contactEmail only) read as before. */
export function contactChoiceOf(config: Pick<BotConfig, 'contactChoice' | 'contactEmail'>): ContactChoice {
  return config.contactChoice ?? (config.contactEmail ? 'other' : 'sign-in');
}

/** save-config's request: the configuration, with an address when the contact is another one. */
export const saveConfigRequestSchema = botConfigSchema.superRefine((config, ctx) => {
  if (contactChoiceOf(config) === 'other' && !config.contactEmail)
    ctx.addIssue({ code: 'custom', path: ['contactEmail'], message: CONTACT_MSG.required });
});

/** The upload's reply: where it is kept, and what the wizard shows of it (its opening words, its pages). */
/**
 * What OCR read: the pages read from images (a photo is page 1), the whole text (for the owner to check and fix),
 * and where in it the words OCR was unsure of are, as [start, end) character offsets in reading order.
 */
export const ocrReadoutSchema = z.object({
  pages: z.array(z.number().int().positive()),
  text: z.string().max(DOCUMENT_TEXT_MAX_CHARS),
  unsure: z.array(z.tuple([z.number().int().nonnegative(), z.number().int().positive()])).max(OCR_UNSURE_MAX),
});
export type OcrReadout = z.infer<typeof ocrReadoutSchema>;
export const extractResponseSchema = z.object({
  text: z.string().max(DOCUMENT_PREVIEW_MAX_CHARS),
  filePath: uploadIdSchema,
  pageCount: z.number().int().nonnegative().nullable(),
  /** Null when every word came from the document's own text. */
  ocr: ocrReadoutSchema.nullable(),
});
export type ExtractResponse = z.infer<typeof extractResponseSchema>;
/**
 * A document being read by OCR, which goes on without the browser (decision 073): the upload answers 202 with it
 * once the first page is read, and the wizard asks for it again until it is ready, failed or cancelled.
 */
export const documentReadingSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('reading'),
    fileName: z.string(),
    /** Pages read so far, of the pages to read. */
    done: z.number().int().nonnegative(),
    total: z.number().int().positive(),
  }),
  z.object({ status: z.literal('ready'), fileName: z.string(), document: extractResponseSchema }),
  z.object({ status: z.literal('failed'), fileName: z.string(), error: z.string() }),
  z.object({ status: z.literal('cancelled'), fileName: z.string() }),
]);
export type DocumentReading = z.infer<typeof documentReadingSchema>;
/** The upload's reply: the document read (200), or its reading under way (202). */
export const extractReplySchema = extractResponseSchema.or(z.object({ reading: documentReadingSchema }));
export type ExtractReply = z.infer<typeof extractReplySchema>;
/** The reading of the wizard session's document (`reading` null: none), as `GET ?sessionId=` gives it. */
export const documentReadingResponseSchema = z.object({ reading: documentReadingSchema.nullable() });
export type DocumentReadingResponse = z.infer<typeof documentReadingResponseSchema>;
export const cancelReadingRequestSchema = z.object({ sessionId: sessionIdSchema });
/**
 * The owner's correction of the uploaded document's text (after OCR), checked like an upload's text: some words,
 * at most DOCUMENT_TEXT_MAX_CHARS.
 */
export const documentTextSchema = z
  .string({ error: WIZARD_MSG.documentTextEmpty })
  .max(DOCUMENT_TEXT_MAX_CHARS, WIZARD_MSG.documentTextTooLong)
  .refine((text) => /[\p{L}\p{N}]/u.test(text), WIZARD_MSG.documentTextEmpty);
/** The correction's fields beside the text, which travels as a UTF-8 text file (multipart `text`) like an upload. */
export const saveDocumentTextFieldsSchema = z.object({
  sessionId: sessionIdSchema,
  filePath: uploadIdSchema,
});
export type SaveDocumentTextFields = z.infer<typeof saveDocumentTextFieldsSchema>;
/** The corrected text's opening words, as the upload's reply gives them. */
export const saveDocumentTextResponseSchema = z.object({ text: z.string().max(DOCUMENT_PREVIEW_MAX_CHARS) });
export type SaveDocumentTextResponse = z.infer<typeof saveDocumentTextResponseSchema>;
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
