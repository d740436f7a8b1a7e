import { rowSimilarity, termRow } from '../vectors/word-vectors.js';
import type { Match } from './fuzzy.js';

/**
 * A question word the document never uses, read as the document's words closest to it in meaning ('photo' →
 * 'picture', 'sibling' → 'family'; issue 44, decision 093): GloVe vectors' cosine at least MIN_SIMILARITY, the
 * closest NEIGHBOURS, each counting its cosine times SHARE (less than a synonym).
 */
export const MEANING = { minSimilarity: 0.6, neighbours: 2, share: 0.7 } as const;

export class Meanings {
  /** The document's terms that have a vector, with their rows. */
  private readonly rows: [term: string, row: number][] = [];

  constructor(terms: Iterable<string>) {
    for (const term of terms) {
      if (/\d/.test(term) || term.length < 3) continue;
      const row = termRow(term);
      if (row !== undefined) this.rows.push([term, row]);
    }
  }

  near(term: string): Match[] {
    const row = termRow(term);
    if (row === undefined) return [];
    const found: Match[] = [];
    for (const [other, otherRow] of this.rows) {
      const similarity = rowSimilarity(row, otherRow);
      if (similarity >= MEANING.minSimilarity)
        found.push({ term: other, factor: similarity * MEANING.share });
    }
    return found
      .sort((a, b) => b.factor - a.factor || (a.term < b.term ? -1 : 1))
      .slice(0, MEANING.neighbours);
  }
}
