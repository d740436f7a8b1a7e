import { INSIGHTS_MSG } from '@vuxo/shared';
import { synonymsOf } from '../retrieval/synonyms.js';
import { fold, terms } from '../retrieval/text-analysis.js';
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
    terms: [...new Set(terms(correction.question))],
    folded: foldQuestion(correction.question),
  };
}

/** The share of `from`'s terms found in `to`: a synonym counts for what its group says (synonyms.ts). */
function coverage(from: readonly string[], to: ReadonlySet<string>): number {
  let found = 0;
  for (const term of from) {
    if (to.has(term)) found += 1;
    else
      found += Math.max(
        0,
        ...synonymsOf(term)
          .filter((s) => to.has(s.term))
          .map((s) => s.factor),
      );
  }
  return found / from.length;
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
  const asked = [...new Set(terms(message))];
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
  const asked = [...new Set(terms(message))];
  return corrections
    .map((correction) => ({ correction, score: questionSimilarity(asked, correction.terms) }))
    .filter(({ score }) => score >= RELATED_QUESTION)
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map(({ correction }) => correction);
}

/** Below SAME_QUESTION, yet about the same thing: given to the model, which reads the difference itself. */
const RELATED_QUESTION = 0.3;
