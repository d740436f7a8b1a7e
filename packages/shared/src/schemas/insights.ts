import { z } from 'zod';
import { LIVE_AUTHORS } from '../live.js';
import { BOT_IDENTIFIER_MAX, CHAT_MSG } from '../chat.js';
import { ANALYTICS_LEVELS } from '../plans.js';
import {
  ANSWER_KINDS,
  ASKED_FACT_TYPES,
  CHECK_UP_OUTCOMES,
  CONVERSATION_SEARCH_MAX,
  CORRECTION_ANSWER_MAX,
  CORRECTION_QUESTION_MAX,
  DECLINE_RULES,
  FEEDBACK_VOTES,
  UNSURE_RULES,
} from '../insights.js';
import { INSIGHTS_MSG } from '../messages/insights.js';
import { botIdSchema } from './dashboard.js';

/** Owner insights: the conversation log, missed questions and corrections; and a visitor's feedback. */

const idSchema = z.string().trim().min(1).max(64);

/** GET /api/bot-conversations?botId=…&q=…&page=… (page from 1). */
export const conversationsQuerySchema = z.object({
  botId: botIdSchema,
  q: z
    .string()
    .trim()
    .max(CONVERSATION_SEARCH_MAX, INSIGHTS_MSG.searchTooLong(CONVERSATION_SEARCH_MAX))
    .optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

export const loggedMessageSchema = z.object({
  id: z.string(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  /** ISO-8601. */
  at: z.string(),
  /** Assistant messages: how the answer came about, and whether it was declined. */
  kind: z.enum(ANSWER_KINDS).optional(),
  declined: z.boolean().optional(),
  /** The parts of the document the answer used ("Fees (page 3)"). */
  sources: z.array(z.string()).optional(),
  vote: z.enum(FEEDBACK_VOTES).nullable().optional(),
  /** Who wrote it, on a live conversation's messages (decision 115): the owner, or the visitor while held. */
  author: z.enum(LIVE_AUTHORS).optional(),
  /** The owner's display name on their messages. */
  name: z.string().optional(),
});
export type LoggedMessage = z.infer<typeof loggedMessageSchema>;

export const conversationSchema = z.object({
  id: z.string(),
  /** A pseudonym of the visitor (never their address). */
  visitor: z.string(),
  startedAt: z.string(),
  messages: z.array(loggedMessageSchema),
  /** Where the conversation came from: the widget, or the public API (decision 108). */
  source: z.enum(['widget', 'api']).optional(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationsResponseSchema = z.object({
  conversations: z.array(conversationSchema),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
});
export type ConversationsResponse = z.infer<typeof conversationsResponseSchema>;

export const botIdQuerySchema = z.object({ botId: botIdSchema });

export const deleteConversationRequestSchema = z.object({ botId: botIdSchema, id: idSchema });

/**
 * Why the bot declined a question, or was unsure of its answer: the owner's page turns it into one plain line
 * (INSIGHTS_MSG.missedReason).
 */
export const missedReasonSchema = z.object({
  rule: z.enum([...DECLINE_RULES, ...UNSURE_RULES]),
  words: z.array(z.string()),
  answerType: z.enum(ASKED_FACT_TYPES).nullable().optional(),
});

export const missedQuestionSchema = z.object({
  id: z.string(),
  text: z.string(),
  count: z.number().int().min(1),
  lastAskedAt: z.string(),
  /** Why it is here: the bot declined it, visitors rated its answer down, or both. */
  declined: z.number().int().min(0),
  downVotes: z.number().int().min(0),
  /**
   * Why the bot declined its newest message (rule and words), or else why it was unsure of its newest answer;
   * null when it was only rated down.
   */
  reason: missedReasonSchema.nullable(),
  /** The bot's newest answer to it when it answered (unsure, or rated down), as the visitor saw it; null if declined. */
  answer: z.string().nullable(),
});
export type MissedQuestion = z.infer<typeof missedQuestionSchema>;
export const missedQuestionsResponseSchema = z.object({ questions: z.array(missedQuestionSchema) });
export type MissedQuestionsResponse = z.infer<typeof missedQuestionsResponseSchema>;

/** Dismisses a missed question (every message of its group). */
export const dismissMissedQuestionRequestSchema = z.object({ botId: botIdSchema, id: idSchema });

export const correctionSchema = z.object({
  id: z.string(),
  question: z.string(),
  answer: z.string(),
  updatedAt: z.string(),
  /** The visitors' questions it answered: how many, and the newest few (CORRECTION_ANSWERED_SHOWN). */
  answered: z.object({ count: z.number().int().nonnegative(), recent: z.array(z.string()) }),
});
export type Correction = z.infer<typeof correctionSchema>;
export const correctionsResponseSchema = z.object({ corrections: z.array(correctionSchema) });
export type CorrectionsResponse = z.infer<typeof correctionsResponseSchema>;

export const saveCorrectionRequestSchema = z.object({
  botId: botIdSchema,
  /** Given: that correction is changed; absent: a new one. */
  id: idSchema.optional(),
  question: z
    .string({ error: INSIGHTS_MSG.correctionQuestionRequired })
    .trim()
    .min(1, INSIGHTS_MSG.correctionQuestionRequired)
    .max(CORRECTION_QUESTION_MAX, INSIGHTS_MSG.correctionQuestionTooLong(CORRECTION_QUESTION_MAX)),
  answer: z
    .string({ error: INSIGHTS_MSG.correctionAnswerRequired })
    .trim()
    .min(1, INSIGHTS_MSG.correctionAnswerRequired)
    .max(CORRECTION_ANSWER_MAX, INSIGHTS_MSG.correctionAnswerTooLong(CORRECTION_ANSWER_MAX)),
});
export type SaveCorrectionRequest = z.infer<typeof saveCorrectionRequestSchema>;
export const saveCorrectionResponseSchema = z.object({ id: z.string() });

export const deleteCorrectionRequestSchema = z.object({ botId: botIdSchema, id: idSchema });

export const successResponseSchema = z.object({ success: z.literal(true) });

/** POST /api/chat-feedback (a visitor; one vote per answer). */
export const chatFeedbackRequestSchema = z.object({
  botConfigId: z
    .string({ error: CHAT_MSG.botIdRequired })
    .trim()
    .min(1, CHAT_MSG.botIdRequired)
    .max(BOT_IDENTIFIER_MAX, CHAT_MSG.botIdInvalid),
  messageId: idSchema,
  vote: z.enum(FEEDBACK_VOTES),
});
export type ChatFeedbackRequest = z.infer<typeof chatFeedbackRequestSchema>;

const count = z.number().int().min(0);
const activitySchema = z.object({ answered: count, declined: count });

/** GET /api/bot-analytics: what the owner's plan includes (none: only the level, for the upgrade path). */
export const botAnalyticsResponseSchema = z.object({
  level: z.enum(ANALYTICS_LEVELS),
  /** The last 30 days, oldest first (UTC dates, YYYY-MM-DD); every day present. */
  days: z.array(activitySchema.extend({ date: z.string() })),
  /** The most asked questions of the last 30 days, grouped when they ask the same thing. */
  topics: z.array(z.object({ text: z.string(), count })),
  /** Advanced: the last 12 months (YYYY-MM), oldest first. */
  months: z.array(activitySchema.extend({ month: z.string() })).optional(),
  /** Advanced: messages of the last 30 days by hour of the day (UTC), 24 entries. */
  hours: z.array(count).optional(),
  /**
   * Any plan, when a language model writes the answers: the last 30 days' answers it wrote or tried, its tokens
   * (prompt, of which served from its cache, and reply) and the fallbacks to the built-in engine; days without
   * any are left out.
   */
  modelUsage: z
    .array(
      z.object({
        date: z.string(),
        answers: count,
        promptTokens: count,
        cachedTokens: count,
        completionTokens: count,
        fallbacks: count,
      }),
    )
    .optional(),
  /** Any plan: the owner's live messages to visitors in the last 30 days (issue 47); absent when there are none. */
  ownerAnswers: count.optional(),
});
export type BotAnalyticsResponse = z.infer<typeof botAnalyticsResponseSchema>;

/** One check-up question and the bot's answer to it now (safe markdown, as the chat gives it). */
export const checkUpItemSchema = z.object({
  question: z.string(),
  reply: z.string(),
  outcome: z.enum(CHECK_UP_OUTCOMES),
});
export type CheckUpItem = z.infer<typeof checkUpItemSchema>;
/** `ready` false while the bot has nothing to answer from yet (being built, failed, paused): no items. */
export const checkUpResponseSchema = z.object({ ready: z.boolean(), items: z.array(checkUpItemSchema) });
export type CheckUpResponse = z.infer<typeof checkUpResponseSchema>;
