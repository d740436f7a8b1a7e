/** Owner insights: the conversation log, missed questions, corrections and visitors' feedback (zod-free). */

/** Conversations per page of the log. */
export const CONVERSATIONS_PAGE_SIZE = 20;
/** The log's search text, at most. */
export const CONVERSATION_SEARCH_MAX = 200;
/** A correction's question and answer, at most. */
export const CORRECTION_QUESTION_MAX = 300;
export const CORRECTION_ANSWER_MAX = 2000;
/** Corrections per bot, at most. */
export const CORRECTIONS_PER_BOT_MAX = 500;
/** Missed questions listed, most asked first. */
export const MISSED_QUESTIONS_MAX = 50;
/** Days a visitor's messages are kept (CHAT_RETENTION_DAYS overrides it). */
export const CHAT_RETENTION_DAYS_DEFAULT = 90;

/** A visitor's rating of one answer. */
export const FEEDBACK_VOTES = ['up', 'down'] as const;
export type FeedbackVote = (typeof FEEDBACK_VOTES)[number];

/** How an answer came about, as the log shows it. */
export const ANSWER_KINDS = ['answer', 'declined', 'small-talk', 'not-ready', 'correction'] as const;
export type AnswerKindName = (typeof ANSWER_KINDS)[number];

/**
 * Why the bot declined a question, as the owner's missed questions show it (never sent to visitors):
 * which rule declined it, the question's words it turned on, and the kind of fact asked for.
 */
export const DECLINE_RULES = [
  'no-match',
  'absent-word',
  'focus-missing',
  'answer-type',
  'weak-match',
] as const;
export type DeclineRuleName = (typeof DECLINE_RULES)[number];
/** The kinds of fact a question can ask for (the engine's answer types). */
export const ASKED_FACT_TYPES = [
  'money',
  'amount',
  'number',
  'duration',
  'time',
  'version',
  'name',
  'phone',
  'email',
  'link',
] as const;
export type AskedFactType = (typeof ASKED_FACT_TYPES)[number];
export interface MissedReason {
  rule: DeclineRuleName;
  words: string[];
  answerType?: AskedFactType | null | undefined;
}
