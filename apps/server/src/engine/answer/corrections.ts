import { INSIGHTS_MSG } from '@vuxo/shared/messages';
import { INTENTS, intentTerms, synonymsOf } from '../retrieval/synonyms.js';
import { fold, terms } from '../retrieval/text-analysis.js';
import type { Answer } from './answer.js';
import { sanitizeMarkdown } from './markdown-safety.js';

/** The owner's own answer to a question: it answers that question and its paraphrases before the document. */
export interface OwnerCorrection {
  id: string;
  question: string;
  answer: string;
}

/** A correction with its question read once (the chat keeps these per bot and corrections version). */
export interface PreparedCorrection extends OwnerCorrection {
  terms: readonly string[];
  folded: string;
}

/** How alike two questions must be to count as the same one (see questionSimilarity). */
export const SAME_QUESTION = 0.7;

const foldQuestion = (text: string) =>
  fold(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

export function prepareCorrection(correction: OwnerCorrection): PreparedCorrection {
  return {
    ...correction,
    terms: questionTerms(correction.question),
    folded: foldQuestion(correction.question),
  };
}

/** Plurals the stemmer keeps apart from their singular ('women', 'woman'). */
const IRREGULAR = new Map([
  ['women', 'woman'],
  ['men', 'man'],
  ['children', 'child'],
  ['people', 'person'],
  ['teeth', 'tooth'],
  ['feet', 'foot'],
]);

/** The topics a question's phrases stand for ('how much' → price), as terms; see INTENTS. */
const INTENT_TERMS = new Set(INTENTS.map((intent) => intentTerms(intent.group).head));
/** An intent weighs this much of a word in telling two questions apart: it says what is asked, not about what. */
const INTENT_WEIGHT = 0.5;

/**
 * A question's terms for matching saved answers, as the engine reads a question: its intent phrases as their
 * topic ('how much' → price), its words stemmed, an irregular plural as its singular.
 */
export function questionTerms(question: string): string[] {
  let rest = fold(question);
  const found: string[] = [];
  for (const intent of INTENTS) {
    const without = rest.replace(intent.pattern, ' ');
    if (without !== rest) found.push(intentTerms(intent.group).head);
    rest = without;
  }
  for (const term of terms(rest)) found.push(IRREGULAR.get(term) ?? term);
  return [...new Set(found)];
}

/**
 * How much a term found as part of a compound counts ('cut' in 'haircut'); both parts found count in full. Each
 * part has PART_MIN_LENGTH letters at least.
 */
const PART_FACTOR = 0.8;
const PART_MIN_LENGTH = 3;

/** How much of `term` the other question's terms hold as the parts of a compound, one way or the other. */
function compoundMatch(term: string, to: ReadonlySet<string>): number {
  let best = 0;
  for (const other of to) {
    if (other.length < PART_MIN_LENGTH || other === term) continue;
    const [whole, part] = other.length > term.length ? [other, term] : [term, other];
    if (part.length < PART_MIN_LENGTH || !(whole.startsWith(part) || whole.endsWith(part))) continue;
    const rest = whole.startsWith(part) ? whole.slice(part.length) : whole.slice(0, -part.length);
    if (rest.length < PART_MIN_LENGTH) continue; // 'man' is no part of 'woman'
    best = Math.max(best, whole === term && to.has(rest) ? 1 : PART_FACTOR);
  }
  return best;
}

/**
 * The share of `from`'s terms found in `to`: a synonym counts for what its group says (synonyms.ts), a
 * compound's part for PART_FACTOR, and an intent for INTENT_WEIGHT of a word.
 */
function coverage(from: readonly string[], to: ReadonlySet<string>): number {
  let found = 0;
  let weight = 0;
  for (const term of from) {
    const termWeight = INTENT_TERMS.has(term) ? INTENT_WEIGHT : 1;
    weight += termWeight;
    if (to.has(term)) found += termWeight;
    else {
      const synonym = Math.max(
        0,
        ...synonymsOf(term)
          .filter((s) => to.has(s.term))
          .map((s) => s.factor),
      );
      found += termWeight * Math.max(synonym, compoundMatch(term, to));
    }
  }
  return found / weight;
}

/**
 * How closely two questions ask the same thing, from 0 to 1: the harmonic mean of each one's content words
 * found in the other, so a question that adds or drops a subject ('open on Saturday' and 'open') scores low.
 */
export function questionSimilarity(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  const forward = coverage(a, new Set(b));
  const backward = coverage(b, new Set(a));
  return forward + backward === 0 ? 0 : (2 * forward * backward) / (forward + backward);
}

/** The correction that answers this message: the same words, or the same question in other words. */
export function matchCorrection(
  corrections: readonly PreparedCorrection[],
  message: string,
): PreparedCorrection | null {
  if (corrections.length === 0) return null;
  const folded = foldQuestion(message);
  const exact = corrections.find((c) => c.folded === folded);
  if (exact) return exact;
  const asked = questionTerms(message);
  let best: PreparedCorrection | null = null;
  let bestScore = SAME_QUESTION;
  for (const correction of corrections) {
    const score = questionSimilarity(asked, correction.terms);
    if (score >= bestScore) {
      best = correction;
      bestScore = score;
    }
  }
  return best;
}

/** The engine's answer when a correction matches: the owner's answer, naming which one. */
export function correctionAnswer(correction: OwnerCorrection): Answer {
  return {
    reply: correctionReply(correction),
    kind: 'correction',
    engine: 'built-in',
    sources: [],
    correctionId: correction.id,
  };
}

/** The reply for a correction: the owner's answer and its source line. */
export function correctionReply(correction: OwnerCorrection): string {
  return sanitizeMarkdown(`${correction.answer.trim()}\n\n_Source: ${INSIGHTS_MSG.ownerAnswerSource}_`);
}

/** Corrections near the message (for the model, as facts): at most `limit`, closest first. */
export function relatedCorrections(
  corrections: readonly PreparedCorrection[],
  message: string,
  limit: number,
): PreparedCorrection[] {
  const asked = questionTerms(message);
  return corrections
    .map((correction) => ({ correction, score: questionSimilarity(asked, correction.terms) }))
    .filter(({ score }) => score >= RELATED_QUESTION)
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map(({ correction }) => correction);
}

/** Below SAME_QUESTION, yet about the same thing: given to the model, which reads the difference itself. */
const RELATED_QUESTION = 0.3;
