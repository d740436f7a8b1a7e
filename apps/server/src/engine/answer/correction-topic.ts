import { specificity } from '../retrieval/specificity.js';
import { questionSynonymsOf } from '../retrieval/synonyms.js';
import {
  INTENT_TERMS,
  INTENT_WEIGHT,
  questionSimilarity,
  questionTerms,
  termFound,
  type PreparedCorrection,
} from './corrections.js';

/**
 * Decision 106: when the document gives no sure answer, an owner's answer about the same thing answers instead (the
 * owner's answer beats a decline or a guess). "The same thing" is read one way, from the visitor's words: how much
 * of them the owner's question and answer hold, each word weighed by how specific it is in everyday English, so
 * 'tooth' and 'rabbit' count and 'today' and 'really' hardly do. At SAME_TOPIC: 42 of 50 paraphrases of the test
 * set (test/engine/answer/correction-paraphrases.json), 10 before, and none of its 20 other questions.
 */
export const SAME_TOPIC = 0.5;

/** A word found only in the owner's answer counts this much of one found in the question. */
const ANSWER_FACTOR = 0.8;
/** An everyday word ('today') still weighs this much; a specific one adds its specificity, up to MAX_WEIGHT. */
const BASE_WEIGHT = 0.25;
const MAX_WEIGHT = 4;
/** Found in the answer alone, the visitor's words must name this many specific things of it ('oat', 'milk'). */
const ANSWER_ONLY_WORDS = 2;

/** A word the synonym lists know: one of the things visitors ask a business about ('woman', 'saturday', 'dog'). */
const isKnownThing = (term: string) => !INTENT_TERMS.has(term) && questionSynonymsOf(term).length > 0;

/**
 * True when each question names a known thing the other does not ('a men’s haircut' and 'a women’s haircut',
 * 'Sunday' and 'Saturday'): the visitor asks about the same kind of thing, yet another one.
 */
function namesAnother(asked: readonly string[], correction: PreparedCorrection): boolean {
  const visitor = new Set(asked);
  const owner = new Set([...correction.terms, ...correction.answerTerms]);
  const own = (term: string) => termFound(term, owner) > 0;
  return (
    asked.some((term) => isKnownThing(term) && !own(term)) &&
    correction.terms.some((term) => isKnownThing(term) && termFound(term, visitor) === 0)
  );
}

const weightOf = (term: string) =>
  INTENT_TERMS.has(term) ? INTENT_WEIGHT : BASE_WEIGHT + Math.min(specificity(term), MAX_WEIGHT);

/**
 * How much of the visitor's question the correction is about, from 0 to 1; 0 unless the visitor's words name
 * something of the owner's question (not only its kind, 'how much'), or ANSWER_ONLY_WORDS specific things of the
 * answer (an answer that mentions calling is no answer to 'how do I call you?').
 */
export function topicScore(asked: readonly string[], correction: PreparedCorrection): number {
  const question = new Set(correction.terms);
  const answer = new Set(correction.answerTerms);
  let found = 0;
  let weight = 0;
  let namesQuestion = false;
  let answerWords = 0;
  for (const term of asked) {
    const termWeight = weightOf(term);
    const inQuestion = termFound(term, question);
    const inAnswer = termFound(term, answer) * ANSWER_FACTOR;
    const asksWhat = INTENT_TERMS.has(term);
    if (!asksWhat && inQuestion > 0) namesQuestion = true;
    if (!asksWhat && specificity(term) > 0 && inAnswer >= ANSWER_FACTOR) answerWords++;
    weight += termWeight;
    found += termWeight * Math.max(inQuestion, inAnswer);
  }
  if (weight === 0 || (!namesQuestion && answerWords < ANSWER_ONLY_WORDS)) return 0;
  return namesAnother(asked, correction) ? 0 : found / weight;
}

/** The correction about the same thing as the message (SAME_TOPIC at least), closest first; null when none is. */
export function matchCorrectionTopic(
  corrections: readonly PreparedCorrection[],
  message: string,
): PreparedCorrection | null {
  const asked = questionTerms(message);
  let best: PreparedCorrection | null = null;
  let bestScore = SAME_TOPIC;
  for (const correction of corrections) {
    const score = topicScore(asked, correction);
    if (score >= bestScore) {
      best = correction;
      bestScore = score;
    }
  }
  return best;
}

/** Below SAME_QUESTION, yet about the same thing: given to the model, which reads the difference itself. */
const RELATED_QUESTION = 0.3;

/**
 * Corrections near the message (for the model, as facts): a question alike at RELATED_QUESTION, or an answer about
 * the same thing (SAME_TOPIC); at most `limit`, closest first.
 */
export function relatedCorrections(
  corrections: readonly PreparedCorrection[],
  message: string,
  limit: number,
): PreparedCorrection[] {
  const asked = questionTerms(message);
  return corrections
    .map((correction) => {
      const similarity = questionSimilarity(asked, correction.terms);
      const topic = topicScore(asked, correction);
      return { correction, score: Math.max(similarity, topic >= SAME_TOPIC ? topic : 0) };
    })
    .filter(({ score }) => score >= RELATED_QUESTION)
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map(({ correction }) => correction);
}
