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
