import { z } from 'zod';
import { botIdentifierSchema } from './chat.js';
import { botIdSchema } from './dashboard.js';
import { CONTACT_EMAIL_MAX } from '../limits.js';
import { isPlainEmail } from '../email-address.js';
import { MAIL_ADDRESS_STATES } from '../mail-addresses.js';
import { CONTACT_MSG } from '../messages/contact.js';
import {
  VISITOR_REQUEST_STATUSES,
  visitorRequestProblems,
  type VisitorRequestField,
} from '../visitor-requests.js';

/** How long any field may be before it is refused unread (the form's own limits are far below). */
const field = z.string().max(20_000);

/** POST /api/visitor-request: checked with the rules the widget's form uses; fields come back trimmed. */
export const visitorRequestBodySchema = z
  .object({
    botConfigId: botIdentifierSchema,
    email: field.default(''),
    phone: field.default(''),
    name: field.default(''),
    question: field,
    consent: z.boolean(),
  })
  .superRefine((input, ctx) => {
    for (const [path, message] of Object.entries(visitorRequestProblems(input)))
      ctx.addIssue({ code: 'custom', path: [path as VisitorRequestField], message });
  })
  .transform((input) => ({
    botConfigId: input.botConfigId,
    email: input.email.trim(),
    phone: input.phone.trim(),
    name: input.name.trim(),
    question: input.question.trim(),
  }));
export type VisitorRequestBody = z.infer<typeof visitorRequestBodySchema>;

export const visitorRequestStatusSchema = z.enum(VISITOR_REQUEST_STATUSES);

/** GET /api/bot-requests?botId=…&status=…&q=…&page=… (owner only). */
export const botRequestsQuerySchema = z.object({
  botId: botIdSchema,
  status: visitorRequestStatusSchema.optional(),
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

export const visitorRequestItemSchema = z.object({
  id: z.string(),
  status: visitorRequestStatusSchema,
  email: z.string().nullable(),
  phone: z.string().nullable(),
  name: z.string().nullable(),
  question: z.string(),
  createdAt: z.string(),
  /** The owner's one-click reply: a mailto with the question quoted; null without an email. */
  replyLink: z.string().nullable(),
  /** The conversation before the request, oldest first. */
  conversation: z.array(z.object({ question: z.string(), reply: z.string() })),
});
export type VisitorRequestItem = z.infer<typeof visitorRequestItemSchema>;

export const botRequestsResponseSchema = z.object({
  requests: z.array(visitorRequestItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  counts: z.object({ new: z.number().int(), answered: z.number().int(), closed: z.number().int() }),
});
export type BotRequestsResponse = z.infer<typeof botRequestsResponseSchema>;

export const updateBotRequestSchema = z.object({
  botId: botIdSchema,
  requestId: z.string().trim().min(1).max(64),
  status: visitorRequestStatusSchema,
});

export const botRequestSettingsSchema = z.object({
  requestsOn: z.boolean(),
  /** Where notifications go; null: the bot's contact. */
  notifyEmail: z.string().nullable(),
  /** The address used when notifyEmail is null. */
  defaultEmail: z.string().nullable(),
  /** Where notifyEmail (or, without it, the bot's own contact) stands: mail goes there only once confirmed. */
  notifyState: z.enum(MAIL_ADDRESS_STATES).nullable(),
  /** The address that waits or refused, when notifyState is not 'confirmed'. */
  pendingEmail: z.string().nullable(),
  /** Where requests are mailed now; null: nowhere (they wait in the inbox). */
  sendTo: z.string().nullable(),
});
export type BotRequestSettings = z.infer<typeof botRequestSettingsSchema>;

/** Where the owner's notifications go: one plain address (the settings form checks it with this too); empty is none. */
export const notifyEmailSchema = z
  .string()
  .trim()
  .max(CONTACT_EMAIL_MAX, CONTACT_MSG.tooLong)
  .refine((text) => text === '' || isPlainEmail(text), CONTACT_MSG.invalid)
  .transform((text) => text || null)
  .nullable();

export const updateBotRequestSettingsSchema = z.object({
  botId: botIdSchema,
  requestsOn: z.boolean(),
  notifyEmail: notifyEmailSchema,
});
