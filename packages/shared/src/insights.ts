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
/** Visitors' questions shown under a saved answer that answered them, newest first. */
export const CORRECTION_ANSWERED_SHOWN = 3;
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
/**
 * Why the bot was unsure of an answer it gave (listed for the owner's review beside the missed questions):
 * - low-confidence: the passage it answered from covers less than half of what the question asks;
 * - missing-type: the question asks for a kind of fact (a price, a time…) the answer does not hold.
 */
export const UNSURE_RULES = ['low-confidence', 'missing-type'] as const;
export type UnsureRuleName = (typeof UNSURE_RULES)[number];
/** Why a question is in the owner's review list: a decline's rule, or why an answer given was unsure. */
export interface MissedReason {
  rule: DeclineRuleName | UnsureRuleName;
  words: string[];
  answerType?: AskedFactType | null | undefined;
}

/**
 * The check-up (issue 31): the everyday question asked of the bot for each kind of key fact it has, beside its
 * suggested questions, so the owner sees the bot's answers before visitors do.
 */
export const CHECK_UP_QUESTIONS = {
  phones: 'What is your phone number?',
  emails: 'What is your email address?',
  address: 'What is your address?',
  hours: 'What are your opening hours?',
  prices: 'What are your prices?',
} as const;
export type CheckUpFact = keyof typeof CHECK_UP_QUESTIONS;
/** How the bot answered a check-up question: from its document, unsure, not at all, or with the owner's answer. */
export const CHECK_UP_OUTCOMES = ['answered', 'unsure', 'declined', 'saved'] as const;
export type CheckUpOutcome = (typeof CHECK_UP_OUTCOMES)[number];
