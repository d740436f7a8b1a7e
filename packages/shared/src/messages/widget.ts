/** The chat widget and the public chat page. Exact texts. */
import { MAX_RETRIES, MESSAGES_PER_DAY, type MessageLimit } from '../limits.js';

export const WIDGET_MSG = {
  noIdentifier: (email: string) => `No bot identifier provided. Please try again or contact ${email}.`,
  notConfigured: (email: string) =>
    `Cannot send message: bot is not properly configured. Please try again or contact ${email}.`,
  limitReached: (email: string) =>
    `Message limit reached (${MESSAGES_PER_DAY} messages). Please try again tomorrow or contact ${email}.`,
  /** The visitor's network used its shared allowance, whatever they sent themselves. */
  networkLimitReached: (email: string) =>
    `Message limit reached for your network: visitors sharing your internet connection have used today’s messages for this bot. Please try again tomorrow or contact ${email}.`,
  /** A bot over its owner's plan's bot limit (decision 032): visitors get this instead of an answer. */
  botPaused: 'This assistant is paused. Please contact the business directly.',
  limitPlaceholder: 'Message limit reached',
  notConfiguredPlaceholder: 'Bot is not configured',
  placeholder: 'Type a message...',
  loadFailed: (reason: string, email: string) =>
    `Failed to load bot details: ${reason}. Please try again or contact ${email}.`,
  invalidBotData: 'Invalid bot data',
  sendFailed: (email: string) => `Failed to send message. Please try again or contact ${email}.`,
  suggestionsFailed: (attempt: number, email: string) =>
    `Failed to load suggested questions (Attempt ${attempt}/${MAX_RETRIES}). Please try again or contact ${email}.`,
  suggestionsMaxRetries: (email: string) =>
    `Maximum retries reached for suggested questions. Please contact ${email}.`,
  maxRetries: (email: string) => `Maximum retries reached. Please contact ${email}.`,
  stripCrashed: (email: string) => `Something went wrong. Please try again or contact ${email}.`,
  generatingSuggestions: 'Generating suggested questions...',
  missingReply: 'Sorry, something went wrong.',
  /** Under a streamed reply that stopped before its end (the model or the connection broke). */
  replyCut: 'The reply was cut off. Please ask again.',
  /** The button that stops a reply while it is being written, and the note under a reply the visitor stopped. */
  stopReply: 'Stop',
  stopReplyLabel: 'Stop the reply',
  replyStopped: 'Stopped.',
  messagesLeft: (n: number, max: number) => `Messages left: ${n}/${max}`,
  defaultName: 'Assistant',
  defaultWelcome: 'Hello! I’m here to help. Ask me anything.',
  /** The thumbs under each answer (visitors). */
  rateAnswer: 'Rate this answer',
  rateHelpful: 'Helpful',
  rateNotHelpful: 'Not helpful',
  rateThanks: 'Thanks for your feedback',
} as const;

/** The notice for whichever daily allowance stopped the visitor. */
export function messageLimitNotice(limit: MessageLimit, email: string): string {
  return limit === 'network' ? WIDGET_MSG.networkLimitReached(email) : WIDGET_MSG.limitReached(email);
}
