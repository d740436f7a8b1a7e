import { z } from 'zod';
import {
  LIVE_AUTHORS,
  LIVE_DISPLAY_NAME_MAX,
  LIVE_EVENT_KINDS,
  LIVE_MESSAGE_MAX,
  LIVE_MSG,
  LIVE_NOTIFY_AFTER_CHOICES,
} from '../live.js';
import { KEY_FACT_DAYS } from '../key-facts.js';
import { botIdentifierSchema } from './chat.js';
import { botIdSchema } from './dashboard.js';

/** The live conversation's requests and replies (issue 47, decision 115). */

const conversationIdSchema = z.string().trim().min(1).max(64);
const liveText = z
  .string({ error: LIVE_MSG.messageRequired })
  .trim()
  .min(1, LIVE_MSG.messageRequired)
  .max(LIVE_MESSAGE_MAX, LIVE_MSG.messageTooLong);

export const liveVisitorQuerySchema = z.object({ botConfigId: botIdentifierSchema });
export const liveRequestBodySchema = z.object({ botConfigId: botIdentifierSchema });
export const liveEventsQuerySchema = z.object({
  botConfigId: botIdentifierSchema,
  visitorId: z.string().max(200).optional(),
  after: z.coerce.number().int().min(0).optional(),
});

export const liveStatusSchema = z.object({
  ownerOnline: z.boolean(),
  ownerName: z.string().nullable(),
  held: z.boolean(),
  requested: z.boolean(),
  hours: z
    .array(
      z.object({
        day: z.enum(KEY_FACT_DAYS),
        opens: z.string().optional(),
        closes: z.string().optional(),
        closed: z.boolean().optional(),
      }),
    )
    .optional(),
});

export const liveEventSchema = z.object({
  id: z.number().int().min(1),
  kind: z.enum(LIVE_EVENT_KINDS),
  author: z.enum(LIVE_AUTHORS),
  text: z.string(),
  at: z.string(),
  name: z.string().optional(),
});

export const livePresenceBodySchema = z.object({
  botId: botIdSchema,
  displayName: z.string().trim().max(LIVE_DISPLAY_NAME_MAX, LIVE_MSG.displayNameTooLong).optional(),
  /** The owner's choice: minutes without a reply before a request is mailed to them. */
  notifyAfterMin: z
    .number()
    .int()
    .refine((n) => (LIVE_NOTIFY_AFTER_CHOICES as readonly number[]).includes(n))
    .optional(),
});
export const livePresenceSchema = z.object({
  displayName: z.string(),
  onlineUntil: z.string(),
  notifyAfterMin: z.number().int(),
});
export type LivePresence = z.infer<typeof livePresenceSchema>;

export const liveBotQuerySchema = z.object({ botId: botIdSchema });
export const liveConversationQuerySchema = z.object({
  botId: botIdSchema,
  conversationId: conversationIdSchema,
});
export const liveReplyBodySchema = z.object({
  botId: botIdSchema,
  conversationId: conversationIdSchema,
  text: liveText,
});
export const liveHandBackBodySchema = liveConversationQuerySchema;

export const liveConversationSummarySchema = z.object({
  id: z.string(),
  visitor: z.string(),
  lastAt: z.string(),
  lastMessage: z.string(),
  /** The visitor asked for a person, or the bot's last reply was a decline: the highlighted queue. */
  waiting: z.boolean(),
  requested: z.boolean(),
  declined: z.boolean(),
  held: z.boolean(),
});
export const liveConversationsSchema = z.object({
  conversations: z.array(liveConversationSummarySchema),
});
export type LiveConversations = z.infer<typeof liveConversationsSchema>;

export const liveMessageSchema = z.object({
  id: z.string(),
  author: z.enum(LIVE_AUTHORS),
  text: z.string(),
  at: z.string(),
  name: z.string().optional(),
  declined: z.boolean().optional(),
});
export const liveConversationSchema = z.object({
  id: z.string(),
  held: z.boolean(),
  requested: z.boolean(),
  messages: z.array(liveMessageSchema),
});
export type LiveConversationDetail = z.infer<typeof liveConversationSchema>;
export type LiveMessage = z.infer<typeof liveMessageSchema>;
