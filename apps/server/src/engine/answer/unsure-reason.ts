import type { AnswerType } from './answer-types.js';

/**
 * Why the built-in engine was unsure of an answer it gave (decision 064), so the owner can review it beside the
 * missed questions. The reply says it is the closest found and offers the way to the business (issue 44):
 * - low-confidence: the passage of the best sentence covers less of the question than CONFIDENCE_THRESHOLD, the
 *   share below which the search itself holds a passage not to be about the question;
 * - missing-type: the question asks for a kind of fact (a price, a time…) that no sentence of the answer holds.
 */
export type UnsureRule = 'low-confidence' | 'missing-type';

export interface UnsureReason {
  rule: UnsureRule;
  /** Always empty: the shape of a decline's reason, so the owner's list reads both alike. */
  words: string[];
  /** The kind of fact asked for (missing-type). */
  answerType?: AnswerType | null;
}
