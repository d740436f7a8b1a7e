import { questionSimilarity, SAME_QUESTION } from '../engine/answer/index.js';
import { indexTerms } from '../engine/retrieval/index.js';

/** Questions that ask the same thing, the first one (the newest, when given newest first) standing for all. */
export interface QuestionGroup<T> {
  rows: T[];
  /** The folded text of the first question. */
  text: string;
  terms: string[];
}

/**
 * Groups questions that ask the same thing in other words, with the measure corrections are matched by
 * (engine/answer/corrections.ts): the same text, or similar content words.
 */
export function groupQuestions<T extends { question: string }>(rows: readonly T[]): QuestionGroup<T>[] {
  const groups: QuestionGroup<T>[] = [];
  for (const row of rows) {
    const terms = [...new Set(indexTerms(row.question))];
    const text = row.question.trim().toLowerCase();
    const group = groups.find((g) => g.text === text || questionSimilarity(terms, g.terms) >= SAME_QUESTION);
    if (group) group.rows.push(row);
    else groups.push({ rows: [row], text, terms });
  }
  return groups;
}
