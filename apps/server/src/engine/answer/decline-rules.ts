import { indexTerms, type RetrievalIndex } from '../retrieval/index.js';
import { isStopWord } from '../retrieval/text-analysis.js';
import { ruleOn } from '../rules.js';
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
  index: RetrievalIndex,
): DeclineReason | null {
  if (!ruleOn('absent-thing-decline') || !YES_NO.test(message)) return null;
  const byTerm = new Map(weighted.map((w) => [w.concept.term, w]));
  for (const phrase of thingPhrases(message)) {
    for (const word of phrase) {
      const w = indexTerms(word)
        .map((t) => byTerm.get(t))
        .find(Boolean);
      if (!w || w.cover === 0) continue;
      // A word the document has only inside a set phrase is absent however everyday it is ('house' in 'in-house').
      const absent =
        (!namedHere(w) && w.cover - COVER_WEIGHT_FLOOR >= THING_SPECIFICITY) ||
        (ruleOn('bound-word-thing') && onlyInSetPhrases(word, w, message, index));
      if (absent) return { rule: 'absent-word', words: [word.toLowerCase()] };
    }
  }
  return null;
}

/**
 * bound-word-thing: the document has the word only as the noun of a set phrase that a preposition opens ('house' in
 * 'in-house machines', 'site' in 'on-site'), which says where or how, not the thing ('house calls', 'a site
 * manager'). The question's own set phrase ('in-house', or 'on site' written apart) still finds it.
 */
function onlyInSetPhrases(word: string, w: WeightedConcept, message: string, index: RetrievalIndex): boolean {
  if (word.includes('-')) return false;
  const exact = w.concept.alternatives.filter((a) => a.factor >= THING_MATCH_MIN);
  if (exact.length === 0 || exact.some((a) => index.usedOnItsOwn(a.term))) return false;
  const words = (message.match(/[\p{L}][\p{L}'’]*/gu) ?? []).map((x) => x.toLowerCase());
  const at = words.indexOf(word.toLowerCase());
  const joined = [words[at - 1], words[at + 1]].flatMap((other, i) =>
    other === undefined ? [] : indexTerms(i === 0 ? other + words[at] : words[at] + other),
  );
  return !joined.some((term) => index.documentFrequency(term) > 0);
}

/**
 * 'Can I just walk in…?': the visitor asks whether they may do something. The verb after these is that action; the
 * word after it, when there is one.
 */
const MAY_I =
  /^\s*(?:can|could|may)\s+(?:i|we)\s+(?:(?:just|also|still|even|ever|actually|really|please)\s+)*([\p{L}][\p{L}'’-]*)(?:\s+([\p{L}][\p{L}'’-]*))?/iu;

/**
 * absent-action (rule absent-action-decline): 'Can I walk in…?' asks about an action itself when no object follows
 * the verb ('walk in', 'park on the street', 'stay late'); when the document never names that action, not even by
 * a synonym, it does not say whether the visitor may do it, however much it says about the rest (appointments).
 * An object after the verb ('can I send peanut butter…?') is what such a question is about, and an everyday verb
 * ('get', 'bring') says too little: neither declines here.
 */
export function absentAction(message: string, weighted: readonly WeightedConcept[]): DeclineReason | null {
  if (!ruleOn('absent-action-decline')) return null;
  const [, verb, next] = MAY_I.exec(message) ?? [];
  if (!verb || (next && !isStopWord(next.toLowerCase()))) return null;
  const byTerm = new Map(weighted.map((w) => [w.concept.term, w]));
  const w = indexTerms(verb)
    .map((t) => byTerm.get(t))
    .find(Boolean);
  return w && w.cover > COVER_WEIGHT_FLOOR && !namedHere(w)
    ? { rule: 'absent-word', words: [verb.toLowerCase()] }
    : null;
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
