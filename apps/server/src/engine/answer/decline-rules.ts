import { indexTerms } from '../retrieval/index.js';
import { ruleOn } from '../rules.js';
import type { DeclineReason } from './decline-reason.js';
import { COVER_WEIGHT_FLOOR, type WeightedConcept } from './question-weights.js';

/**
 * The decline rules that read the question before any sentence is chosen (decline-reason.ts names them all).
 * Each returns the reason to decline, or null to go on.
 */

/** How specific (question-weights: specificity above the floor) a missing word must be to decline alone. */
export const ABSENT_SPECIFICITY = 3;

/** The question's own words for these index terms ('refunds' for 'refund'), in the question's order. */
export function wordsFor(message: string, termsWanted: readonly string[]): string[] {
  const wanted = new Set(termsWanted);
  const words = message.match(/[\p{L}\d][\p{L}\d'’-]*/gu) ?? [];
  const found = words.filter((word) => indexTerms(word).some((t) => wanted.has(t)));
  return [...new Set(found.map((w) => w.toLowerCase()))];
}

/** no-match: nothing in the question weighs anything here (no passage found, or no counted word). */
export function noMatch(resultCount: number, weighted: readonly WeightedConcept[]): DeclineReason | null {
  const cover = weighted.reduce((sum, w) => sum + w.cover, 0);
  const rank = weighted.reduce((sum, w) => sum + w.rank, 0);
  return resultCount === 0 || cover === 0 || rank === 0 ? { rule: 'no-match', words: [] } : null;
}

/**
 * absent-word (rule absent-word-decline): a specific word the document never uses, not even as a synonym or a
 * near spelling — the question is about something the document does not cover ('do you take amex?').
 */
export function absentWord(message: string, weighted: readonly WeightedConcept[]): DeclineReason | null {
  if (!ruleOn('absent-word-decline')) return null;
  const absent = weighted.filter(
    (w) =>
      w.cover > 0 &&
      w.concept.alternatives.length === 0 &&
      w.cover - COVER_WEIGHT_FLOOR >= ABSENT_SPECIFICITY,
  );
  if (absent.length === 0) return null;
  return {
    rule: 'absent-word',
    words: wordsFor(
      message,
      absent.map((w) => w.concept.term),
    ),
  };
}

/**
 * The words the question is most about (focusTerms) that the document never uses: the composer then asks more of
 * the rest, and names them when it declines (focus-missing).
 */
export function unmatchedFocus(
  weighted: readonly WeightedConcept[],
  focus: ReadonlySet<string>,
): WeightedConcept[] {
  return weighted.filter(
    (w) => w.cover > COVER_WEIGHT_FLOOR && w.concept.alternatives.length === 0 && focus.has(w.concept.term),
  );
}
