import { indexTerms } from '../retrieval/index.js';
import { isStopWord } from '../retrieval/text-analysis.js';
import type { EngineRules } from '../rules.js';
import type { DeclineReason } from './decline-reason.js';
import { COVER_WEIGHT_FLOOR, type WeightedConcept } from './question-weights.js';

/**
 * The decline rules that read the question before any sentence is chosen (decline-reason.ts names them all).
 * Each returns the reason to decline, or null to go on.
 */

/** How specific (question-weights: specificity above the floor) a missing word must be to decline alone. */
export const ABSENT_SPECIFICITY = 3;
/** How specific the word for the thing a yes/no question asks about must be (not 'thing', 'way'). */
const THING_SPECIFICITY = 0.5;

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
 * absent-word: a specific word the document never uses, not even as a synonym or a near spelling ('do you take
 * amex?'). It names the word in a decline's reason for the owner; the assurance no longer weighs it (decision 098:
 * as a signal it cost 2 right answers on validate).
 */
export function absentWord(message: string, weighted: readonly WeightedConcept[]): DeclineReason | null {
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

/** Words that end a noun phrase though they are no small words. */
const PHRASE_END = /^(?:instead|without|except|besides|rather|including)$/i;
/** A yes/no question ('Is there a shower…', 'Can I ask for a female instructor?'). */
const YES_NO = /^\s*(?:do|does|can|could|is|are|will|have|has)\s+(?:you|we|i|there|they|it)\b/i;
/** Words before the thing a yes/no question asks about: an article or a verb of having ('take american express'). */
const THING_BEFORE = new Set('a an any take accept offer sell provide do make have get'.split(' '));
const THING_MAX_WORDS = 3;

/**
 * The phrases a yes/no question asks about: up to three words after an article or a verb of having, ending at the
 * first small word or linking adverb ('a receipt for …', 'a laptop instead of …').
 */
function thingPhrases(message: string): string[][] {
  const words = message.match(/[\p{L}][\p{L}'’-]*/gu) ?? [];
  const phrases: string[][] = [];
  words.forEach((word, i) => {
    if (!THING_BEFORE.has(word.toLowerCase())) return;
    const phrase: string[] = [];
    for (const next of words.slice(i + 1, i + 1 + THING_MAX_WORDS)) {
      if (isStopWord(next.toLowerCase()) || PHRASE_END.test(next)) break;
      phrase.push(next);
    }
    if (phrase.length) phrases.push(phrase);
  });
  return phrases;
}

/** The least match of a word the document uses for the thing (a completion, 'motor' for 'motorbike', is less). */
const THING_MATCH_MIN = 0.7;
const namedHere = (w: WeightedConcept) => w.concept.alternatives.some((a) => a.factor >= THING_MATCH_MIN);

/**
 * absent-thing (rule absent-thing-decline): a yes/no question about a thing the document never names, or never
 * with the quality asked for ('Is there a shower?', 'a female instructor') — however specific the word, it is
 * the question's subject.
 */
export function absentThing(
  message: string,
  weighted: readonly WeightedConcept[],
  rules: EngineRules,
): DeclineReason | null {
  if (!rules.on('absent-thing-decline') || !YES_NO.test(message)) return null;
  const byTerm = new Map(weighted.map((w) => [w.concept.term, w]));
  for (const phrase of thingPhrases(message)) {
    for (const word of phrase) {
      const w = indexTerms(word)
        .map((t) => byTerm.get(t))
        .find(Boolean);
      if (!w || w.cover === 0) continue;
      if (!namedHere(w) && w.cover - COVER_WEIGHT_FLOOR >= THING_SPECIFICITY)
        return { rule: 'absent-word', words: [word.toLowerCase()] };
    }
  }
  return null;
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
