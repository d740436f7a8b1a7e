import * as v from 'valibot';
import { THEME_IDS } from './chat.js';
import { MESSAGE_LIMITS } from './limits.js';

/*
 * The replies of the widget's calls. Written with valibot, not zod: the chat widget reads them on other
 * businesses' websites, where every kilobyte counts (its budget is bench/widget's), and valibot builds only what
 * a schema uses. The server writes these replies through the same schemas (http/response-schemas.ts).
 */

/** How sure the bot is of an answer it gives (issue 44); a decline is `declined: true` instead. */
export const REPLY_CONFIDENCES = ['sure', 'unsure'] as const;
export type ReplyConfidence = (typeof REPLY_CONFIDENCES)[number];

const count = v.pipe(v.number(), v.integer(), v.minValue(0));
/** Present with messagesLeft: 0: which daily allowance is used up. */
const limitedBy = v.optional(v.picklist(MESSAGE_LIMITS));

/** Public bot info, read from the response field publicBotInfo. */
export const publicBotInfoSchema = v.object({
  botId: v.string(),
  botName: v.string(),
  /** Null when the bot has no avatar: the widget shows its default image. */
  botImageUrl: v.nullable(v.string()),
  /** Markdown, with the same safety rules as replies. */
  welcomeMessage: v.string(),
  themeId: v.picklist(THEME_IDS),
  /** Empty while the bot is still being built. */
  generatedQuestions: v.array(v.string()),
  /** False while the bot is being built (or failed): the widget keeps its input disabled. */
  ready: v.boolean(),
  /** True when the bot is over its owner's plan's bot limit: not ready, and the widget says it is paused. */
  paused: v.optional(v.boolean()),
  /** True when the owner turned visitors' requests off: the widget neither offers nor lists the request form. */
  requestsOff: v.optional(v.boolean()),
});
export type PublicBotInfo = v.InferOutput<typeof publicBotInfoSchema>;

export const publicBotInfoResponseSchema = v.object({
  success: v.literal(true),
  publicBotInfo: publicBotInfoSchema,
  /** The server's count of the visitor's messages left today (absent for the bot's owner). */
  messagesLeft: v.optional(count),
  limitedBy,
});
export type PublicBotInfoResponse = v.InferOutput<typeof publicBotInfoResponseSchema>;

/** A part of the document an answer comes from. The passage text is given to the bot's owner only. */
export const chatSourceSchema = v.object({
  ordinal: v.pipe(v.number(), v.integer()),
  heading: v.nullable(v.string()),
  page: v.nullable(v.pipe(v.number(), v.integer())),
  text: v.optional(v.string()),
  confidence: v.optional(v.number()),
});
export type ChatSource = v.InferOutput<typeof chatSourceSchema>;

export const chatResponseSchema = v.object({
  /** Markdown: never raw HTML (`<` is escaped), links only http(s) and mailto. */
  reply: v.string(),
  /** Messages the visitor has left today; absent for the bot's owner (no daily limit). */
  messagesLeft: v.optional(count),
  limitedBy,
  sources: v.optional(v.array(chatSourceSchema)),
  /** The visitor id to send back in the x-visitor-id header (absent for the bot's owner). */
  visitorId: v.optional(v.string()),
  /** The answer's id, for the visitor's feedback (absent for the owner's tests and for replies not logged). */
  messageId: v.optional(v.string()),
  /**
   * True when the bot declined the question (the document does not say): the widget then offers the visitor a way
   * back to the business. Absent for answers, the owner's saved answers, small talk and every other reply.
   */
  declined: v.optional(v.boolean()),
  /**
   * How sure the bot is of an answer (issue 44): `sure`, or `unsure` — the closest passage it found, said so, with a
   * way back to the business (the widget offers it as for a decline). Absent for declines and small talk.
   */
  confidence: v.optional(v.picklist(REPLY_CONFIDENCES)),
  /**
   * True while the owner holds the conversation (issue 47): the message reached the owner, the bot stays quiet and
   * `reply` is empty.
   */
  held: v.optional(v.literal(true)),
});
export type ChatResponse = v.InferOutput<typeof chatResponseSchema>;

/** POST /api/generate-questions: the questions stored at build time, so it is instant. */
export const generateQuestionsResponseSchema = v.object({ questions: v.array(v.string()) });
export type GenerateQuestionsResponse = v.InferOutput<typeof generateQuestionsResponseSchema>;

/** POST /api/chat-feedback. */
export const chatFeedbackResponseSchema = v.object({ success: v.literal(true) });
export type ChatFeedbackResponse = v.InferOutput<typeof chatFeedbackResponseSchema>;
