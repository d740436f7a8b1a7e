import type { AnswerType } from './answer-types.js';

/**
 * Which rule declined a question, and the question's words it turned on, so an owner can see why the bot had no
 * answer ('the document never mentions "amex"') and the evaluation can count declines by rule:
 * - no-match: no passage shares a word with the question;
 * - absent-word: a specific word of the question is nowhere in the document (named for the owner), or the
 *   thing a yes/no question asks about is not (rule absent-thing-decline);
 * - focus-missing: the passages found miss the word the question is about;
 * - answer-type: passages match, but none gives the kind of fact asked for (a price, a time, a number…);
 * - weak-match: passages share only some of the question's words.
 */
export type DeclineRule = 'no-match' | 'absent-word' | 'focus-missing' | 'answer-type' | 'weak-match';

export interface DeclineReason {
  rule: DeclineRule;
  /** The question's own words the rule turned on (absent-word, focus-missing); empty for the others. */
  words: string[];
  /** The kind of fact asked for (answer-type). */
  answerType?: AnswerType | null;
}
