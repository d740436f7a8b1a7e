/**
 * The widget's calls: public bot info, chat and
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
 * The signed visitor id the server issues. The widget stores it and sends it back in this
 * header; it also travels as an HttpOnly cookie where the browser allows one.
 */
export const VISITOR_ID_HEADER = 'x-visitor-id';

/**
 * The content type of a streamed chat reply (`chat-stream.ts` describes its events). Here, beside the other
 * constants without a validator, so the widget can ask for a stream before it loads the reply schemas.
 */
export const CHAT_STREAM_TYPE = 'application/x-ndjson';
export const VISITOR_ID_COOKIE = 'vuxo_vid';
export const VISITOR_ID_MAX = 100;

/** Widget themes: an unknown themeId falls back to the default. */
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

/** The bot's avatar (a 200x200 PNG), by bot id or share id; publicBotInfo.botImageUrl points here. */
export const botAvatarPath = (botId: string) => `/api/bot-avatar/${encodeURIComponent(botId)}`;
