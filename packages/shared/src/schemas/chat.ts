import { z } from 'zod';
import {
  BOT_IDENTIFIER_MAX,
  CHAT_HISTORY_ITEM_MAX,
  CHAT_HISTORY_MAX,
  CHAT_HISTORY_REFUSED_ABOVE,
  CHAT_MESSAGE_MAX,
  CHAT_MSG,
} from '../chat.js';

/** The widget's requests: public bot info, chat and suggested questions (their replies: `chat-replies.ts`). */

export const botIdentifierSchema = z
  .string({ error: CHAT_MSG.botIdRequired })
  .trim()
  .min(1, CHAT_MSG.botIdRequired)
  .max(BOT_IDENTIFIER_MAX, CHAT_MSG.botIdInvalid);

/** GET /api/public-bot-info?shareId=… (a share id; a bot id is accepted too, for /public-chat/:botId). */
export const publicBotInfoQuerySchema = z.object({ shareId: botIdentifierSchema });

/** History item. The welcome message (id welcome) is left out by the client. */
export const historyItemSchema = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string().max(CHAT_HISTORY_ITEM_MAX, CHAT_MSG.historyItemTooLong),
});
export type HistoryItem = z.infer<typeof historyItemSchema>;

/** POST /api/chat: botConfigId is the bot id, or the share id as a fallback. */
export const chatRequestSchema = z.object({
  botConfigId: botIdentifierSchema,
  message: z
    .string({ error: CHAT_MSG.messageRequired })
    .trim()
    .min(1, CHAT_MSG.messageRequired)
    .max(CHAT_MESSAGE_MAX, CHAT_MSG.messageTooLong),
  history: z
    .array(historyItemSchema)
    .max(CHAT_HISTORY_REFUSED_ABOVE, CHAT_MSG.historyTooLong)
    .default([])
    .transform((items) => items.slice(-CHAT_HISTORY_MAX)),
});
export type ChatRequest = z.infer<typeof chatRequestSchema>;
export type ChatRequestInput = z.input<typeof chatRequestSchema>;

/** POST /api/generate-questions: the questions stored at build time, so it is instant. */
export const generateQuestionsRequestSchema = z.object({ botId: botIdentifierSchema });
