/**
 * The codes an API refusal carries beside its message (`{ error, code }`), for clients that act on a refusal
 * rather than only show it.
 */
export const ERROR_CODES = {
  /** The plan's bot allowance is used up (save-config, 403; the reply adds maxBots). */
  botLimitReached: 'BOT_LIMIT_REACHED',
  /**
   * A message over the daily limit (chat, 429): the reply adds messagesLeft: 0 and limitedBy (the visitor's own
   * allowance, or their network's). A refused message is not counted.
   */
  messageLimitReached: 'MESSAGE_LIMIT_REACHED',
  /** Deleting a bot needs a paid plan (403). */
  paidPlanRequired: 'PAID_PLAN_REQUIRED',
  /** No such bot, or not the caller's (404: the same answer either way). */
  botNotFound: 'BOT_NOT_FOUND',
  /** The page calling the widget's API is not among the bot's allowed websites (403). */
  originNotAllowed: 'ORIGIN_NOT_ALLOWED',
  /** A visitor rated an answer they had already rated (409). */
  alreadyRated: 'ALREADY_RATED',
  /** The owner's plan does not include this (403). */
  planRequired: 'PLAN_REQUIRED',
  /** The plan's website addresses per bot are used up (403). */
  sourceLimitReached: 'SOURCE_LIMIT_REACHED',
  sourceRereadLimit: 'SOURCE_REREAD_LIMIT',
  /** The plan's documents per bot are used up (403). */
  documentLimitReached: 'DOCUMENT_LIMIT_REACHED',
  /** A visitor request over a per-day limit (429), or to a bot that takes none (409): decision 068. */
  requestLimit: 'REQUEST_LIMIT_REACHED',
  requestsOff: 'REQUESTS_OFF',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
