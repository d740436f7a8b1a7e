import { z } from 'zod';
import { MESSAGE_LIMITS } from './limits.js';

/**
 * The widget's calls (specification, sections 3 and 7; decisions, sections 2, 5 and 8): public bot info, chat and
 * suggested questions. Limits live next to their schemas and are shared by the widget and the server.
 */

/** A visitor's message: longer ones are refused with 400 (the widget should stop typing at this length). */
export const CHAT_MESSAGE_MAX = 1000;
/**
 * The history: the server reads the newest CHAT_HISTORY_MAX items (a client should send no more); a request with
 * more than CHAT_HISTORY_REFUSED_ABOVE items, or an item longer than CHAT_HISTORY_ITEM_MAX, is refused with 400.
 */
export const CHAT_HISTORY_MAX = 20;
export const CHAT_HISTORY_REFUSED_ABOVE = 100;
export const CHAT_HISTORY_ITEM_MAX = 2000;
/** Every reply fits in a history item, so a client that echoes the conversation never trips the cap. */
export const CHAT_REPLY_MAX = CHAT_HISTORY_ITEM_MAX;
/** A bot id or share id (both are short random ids). */
export const BOT_IDENTIFIER_MAX = 64;

/**
 * The signed visitor id the server issues (decisions, section 8). The widget stores it and sends it back in this
 * header; it also travels as an HttpOnly cookie where the browser allows one.
 */
export const VISITOR_ID_HEADER = 'x-visitor-id';
export const VISITOR_ID_COOKIE = 'vuxo_vid';
export const VISITOR_ID_MAX = 100;

/**
 * The server's 429 for a message over the daily limit carries this code, messagesLeft: 0 and limitedBy (which
 * allowance: the visitor's own, or their network's). A refused message is not counted.
 */
export const MESSAGE_LIMIT_REACHED = 'MESSAGE_LIMIT_REACHED';
/** Present with messagesLeft: 0: which daily allowance is used up. */
const limitedBySchema = z.enum(MESSAGE_LIMITS).optional();

/** Widget themes (specification, section 2.9): an unknown themeId falls back to the default. */
export const THEME_IDS = ['blue-white', 'healthcare', 'default'] as const;
export type ThemeId = (typeof THEME_IDS)[number];
export const DEFAULT_THEME: ThemeId = 'default';
/** How the owner's Share dialog names each theme. */
export const THEME_LABELS: Record<ThemeId, string> = {
  default: 'Dark purple',
  'blue-white': 'Blue and white',
  healthcare: 'Healthcare',
};
export function themeIdOf(value: string | null | undefined): ThemeId {
  return (THEME_IDS as readonly string[]).includes(value ?? '') ? (value as ThemeId) : DEFAULT_THEME;
}

export const CHAT_MSG = {
  messageRequired: 'Please type a message.',
  messageTooLong: `Messages can be at most ${CHAT_MESSAGE_MAX} characters.`,
  historyTooLong: `Send at most the last ${CHAT_HISTORY_MAX} messages of the conversation.`,
  historyItemTooLong: `A message in the history is longer than ${CHAT_HISTORY_ITEM_MAX} characters.`,
  botIdRequired: 'A bot id is required.',
  botIdInvalid: 'The bot id is not valid.',
  botNotFound: 'This bot does not exist or is no longer available.',
} as const;

const botIdentifierSchema = z
  .string({ error: CHAT_MSG.botIdRequired })
  .trim()
  .min(1, CHAT_MSG.botIdRequired)
  .max(BOT_IDENTIFIER_MAX, CHAT_MSG.botIdInvalid);

/** Public bot info (specification, section 3), read from the response field publicBotInfo. */
export const publicBotInfoSchema = z.object({
  botId: z.string(),
  botName: z.string(),
  /** Null when the bot has no avatar: the widget shows its default image. */
  botImageUrl: z.string().nullable(),
  /** Markdown, with the same safety rules as replies. */
  welcomeMessage: z.string(),
  themeId: z.enum(THEME_IDS),
  /** Empty while the bot is still being built. */
  generatedQuestions: z.array(z.string()),
  /** False while the bot is being built (or failed): the widget keeps its input disabled. */
  ready: z.boolean(),
});
export type PublicBotInfo = z.infer<typeof publicBotInfoSchema>;

export const publicBotInfoResponseSchema = z.object({
  success: z.literal(true),
  publicBotInfo: publicBotInfoSchema,
  /** The server's count of the visitor's messages left today (absent for the bot's owner). */
  messagesLeft: z.number().int().min(0).optional(),
  limitedBy: limitedBySchema,
});
export type PublicBotInfoResponse = z.infer<typeof publicBotInfoResponseSchema>;

/** GET /api/public-bot-info?shareId=… (a share id; a bot id is accepted too, for /public-chat/:botId). */
export const publicBotInfoQuerySchema = z.object({ shareId: botIdentifierSchema });

/** History item (specification, section 3). The welcome message (id welcome) is left out by the client. */
export const historyItemSchema = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string().max(CHAT_HISTORY_ITEM_MAX, CHAT_MSG.historyItemTooLong),
});
export type HistoryItem = z.infer<typeof historyItemSchema>;

/** POST /api/chat: botConfigId is the bot id, or the share id as a fallback (specification, section 7). */
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

/** A part of the document an answer comes from. The passage text is given to the bot's owner only. */
export const chatSourceSchema = z.object({
  ordinal: z.number().int(),
  heading: z.string().nullable(),
  page: z.number().int().nullable(),
  text: z.string().optional(),
  confidence: z.number().optional(),
});
export type ChatSource = z.infer<typeof chatSourceSchema>;

export const chatResponseSchema = z.object({
  /** Markdown: never raw HTML (`<` is escaped), links only http(s) and mailto. */
  reply: z.string(),
  /** Messages the visitor has left today; absent for the bot's owner (no daily limit). */
  messagesLeft: z.number().int().min(0).optional(),
  limitedBy: limitedBySchema,
  sources: z.array(chatSourceSchema).optional(),
  /** The visitor id to send back in the x-visitor-id header (absent for the bot's owner). */
  visitorId: z.string().optional(),
});
export type ChatResponse = z.infer<typeof chatResponseSchema>;

/** POST /api/generate-questions: the questions stored at build time, so it is instant. */
export const generateQuestionsRequestSchema = z.object({ botId: botIdentifierSchema });
export const generateQuestionsResponseSchema = z.object({ questions: z.array(z.string()) });
export type GenerateQuestionsResponse = z.infer<typeof generateQuestionsResponseSchema>;

/** The bot's avatar (a 200x200 PNG), by bot id or share id; publicBotInfo.botImageUrl points here. */
export const botAvatarPath = (botId: string) => `/api/bot-avatar/${encodeURIComponent(botId)}`;
