import { INSIGHTS_MSG } from '@vuxo/shared/messages';
import { INTENTS, intentTerms, questionSynonymsOf, TOPIC_PHRASES } from '../retrieval/synonyms.js';
import { editDistance, FUZZY_FACTOR } from '../retrieval/fuzzy.js';
import { generalRank, SPECIFICITY } from '../retrieval/specificity.js';
import { fold, stem, terms } from '../retrieval/text-analysis.js';
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
  /** The answer's terms: what the answer is about says what else it answers (correction-topic.ts). */
  answerTerms: readonly string[];
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
    answerTerms: questionTerms(correction.answer),
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
  // The word itself, as the phrase 'how long' reads (INTENTS).
  [stem('duration'), 'duration'],
]);

/**
 * The kinds of question phrases stand for ('how much' → price), as terms; see INTENTS. A phrase that stands for a
 * subject ('first timer' → beginner, counted by the search too) is a word like any other.
 */
export const INTENT_TERMS = new Set(
  INTENTS.filter((intent) => !intent.counted).map((intent) => intentTerms(intent.group).head),
);
/** An intent weighs this much of a word in telling two questions apart: it says what is asked, not about what. */
export const INTENT_WEIGHT = 0.5;

/**
 * A question's terms for matching saved answers, as the engine reads a question: its intent phrases as their
 * topic ('how much' → price) and its subject phrases too ('first timer' → beginner, TOPIC_PHRASES), its words
 * stemmed, an irregular plural as its singular.
 */
export function questionTerms(question: string): string[] {
  let rest = fold(question);
  const found: string[] = [];
  for (const intent of [...INTENTS, ...TOPIC_PHRASES]) {
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
 * A word English does not know ('rabits'), this long at least, one edit from a word of the other question, is read
 * as that word for FUZZY_FACTOR.edit1; a real word ('night') is never read as another ('right').
 */
const TYPO_MIN_LENGTH = 5;

/** How much of `term` the set holds: itself, a synonym (synonyms.ts), a compound's part, or the word mistyped. */
export function termFound(term: string, to: ReadonlySet<string>): number {
  if (to.has(term)) return 1;
  const synonym = Math.max(
    0,
    ...questionSynonymsOf(term)
      .filter((s) => to.has(s.term))
      .map((s) => s.factor),
  );
  return Math.max(synonym, compoundMatch(term, to), typoMatch(term, to));
}

function typoMatch(term: string, to: ReadonlySet<string>): number {
  if (term.length < TYPO_MIN_LENGTH || /\d/.test(term)) return 0;
  if (generalRank(term) < SPECIFICITY.unknownRank) return 0;
  for (const other of to)
    if (other.length >= TYPO_MIN_LENGTH && editDistance(term, other, 1) <= 1) return FUZZY_FACTOR.edit1;
  return 0;
}

/** The share of `from`'s terms found in `to` (termFound), an intent counting INTENT_WEIGHT of a word. */
function coverage(from: readonly string[], to: ReadonlySet<string>): number {
  let found = 0;
  let weight = 0;
  for (const term of from) {
    const termWeight = INTENT_TERMS.has(term) ? INTENT_WEIGHT : 1;
    weight += termWeight;
    found += termWeight * termFound(term, to);
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
