import { z } from 'zod';
import { ADMIN_LISTS, ADMIN_SEARCH_MAX } from '../admin.js';

/** The staff console's calls: a page of one list, searched. */
export const adminListParamsSchema = z.object({ list: z.enum(ADMIN_LISTS) });
export const adminListQuerySchema = z.object({
  q: z.string().trim().max(ADMIN_SEARCH_MAX).default(''),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

const when = z.string();
export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  displayName: z.string().nullable(),
  planName: z.string(),
  activeUntil: when.nullable(),
  botCount: z.number().int(),
  createdAt: when,
  lastSeenAt: when,
});
export const adminBotSchema = z.object({
  botId: z.string(),
  botName: z.string(),
  ownerEmail: z.string().nullable(),
  status: z.string(),
  createdAt: when,
});
export const adminPaymentSchema = z.object({
  id: z.string(),
  userEmail: z.string().nullable(),
  planKey: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  status: z.string(),
  provider: z.string(),
  createdAt: when,
});
export const adminMessageSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  company: z.string(),
  subject: z.string().nullable(),
  message: z.string(),
  createdAt: when,
});
export const adminRequestSchema = z.object({
  id: z.string(),
  userEmail: z.string().nullable(),
  data: z.string(),
  createdAt: when,
});
export const adminMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  kind: z.string(),
  subject: z.string(),
  status: z.enum(['queued', 'sent', 'failed']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: when,
  sentAt: when.nullable(),
});
/** One bot's visitor requests, counted by status. */
export const adminVisitorRequestCountSchema = z.object({
  botId: z.string(),
  botName: z.string(),
  ownerEmail: z.string().nullable(),
  total: z.number().int(),
  new: z.number().int(),
  answered: z.number().int(),
  closed: z.number().int(),
  lastAt: when,
});

const page = { total: z.number().int(), page: z.number().int(), pageSize: z.number().int() };
export const adminListResponseSchema = z.discriminatedUnion('list', [
  z.object({ list: z.literal('users'), items: z.array(adminUserSchema), ...page }),
  z.object({ list: z.literal('bots'), items: z.array(adminBotSchema), ...page }),
  z.object({ list: z.literal('payments'), items: z.array(adminPaymentSchema), ...page }),
  z.object({ list: z.literal('messages'), items: z.array(adminMessageSchema), ...page }),
  z.object({ list: z.literal('requests'), items: z.array(adminRequestSchema), ...page }),
  z.object({ list: z.literal('mail'), items: z.array(adminMailSchema), ...page }),
  z.object({
    list: z.literal('visitor-requests'),
    items: z.array(adminVisitorRequestCountSchema),
    ...page,
  }),
]);
export type AdminListResponse = z.infer<typeof adminListResponseSchema>;
export type AdminUser = z.infer<typeof adminUserSchema>;
export type AdminBot = z.infer<typeof adminBotSchema>;
export type AdminPayment = z.infer<typeof adminPaymentSchema>;
export type AdminMessage = z.infer<typeof adminMessageSchema>;
export type AdminRequest = z.infer<typeof adminRequestSchema>;
export type AdminMail = z.infer<typeof adminMailSchema>;
export type AdminVisitorRequestCount = z.infer<typeof adminVisitorRequestCountSchema>;
