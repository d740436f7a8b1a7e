import type { Passage } from '../passages/types.js';
import { INDEX_VERSION } from './build-index.js';
import type { IndexData, SerializedIndex } from './build-index.js';
import { Vocabulary } from './fuzzy.js';
import type { Match } from './fuzzy.js';
import { parseQuery } from './query.js';
import type { Concept } from './query.js';

/** BM25F parameters: a heading word counts headingWeight times a body word. */
export const BM25 = { k1: 1.2, bodyB: 0.75, headingB: 0.3, headingWeight: 2 } as const;

/**
 * Below this confidence the best passage does not answer the question: decline politely. Confidence is the
 * IDF-weighted share of the question's content words found in the passage (synonyms and typo fixes count at a
 * discount; words the document never uses weigh as much as its rarest word). Tuned on the Harbourview set.
 */
export const CONFIDENCE_THRESHOLD = 0.5;

export interface SearchResult {
  passage: Passage;
  /** BM25F score scaled by confidence; only comparable within one search. */
  score: number;
  /** 0..1: how much of the question the passage covers. Compare with CONFIDENCE_THRESHOLD. */
  confidence: number;
  /** The index terms that matched in this passage (for picking the sentences to quote). */
  matchedTerms: string[];
}

export interface RetrievalIndex {
  readonly passages: readonly Passage[];
  /** The best passages, best first (default limit 5); empty when nothing matches at all. */
  search(query: string, options?: { limit?: number }): SearchResult[];
}

/** True when the best result is relevant enough to answer from. */
export function hasConfidentMatch(
  results: readonly SearchResult[],
  threshold = CONFIDENCE_THRESHOLD,
): boolean {
  return (results[0]?.confidence ?? 0) >= threshold;
}

/** How much a concept's weaker matching alternatives add to its best one. */
const SECOND_MATCH_SHARE = 0.25;

interface Hit {
  score: number;
  /** For one concept: the best match factor; summed over concepts: the IDF-weighted coverage. */
  coverage: number;
  matched: string[];
}

const average = (xs: number[]) => Math.max(1, xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length));

class Bm25Index implements RetrievalIndex {
  readonly passages: readonly Passage[];
  private readonly postings: Map<string, number[]>;
  private readonly avgBody: number;
  private readonly avgHeading: number;
  private vocabulary: Vocabulary | null = null;

  constructor(private readonly data: IndexData) {
    this.passages = data.passages;
    this.postings = new Map(Object.entries(data.postings));
    this.avgBody = average(data.bodyLengths);
    this.avgHeading = average(data.headingLengths);
  }

  private idf(term: string): number {
    const df = (this.postings.get(term)?.length ?? 0) / 3;
    const n = this.passages.length;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }

  private readonly lexicon = {
    has: (term: string) => this.postings.has(term),
    similar: (term: string): Match[] => {
      this.vocabulary ??= new Vocabulary(this.postings.keys());
      return this.vocabulary.similar(term);
    },
  };

  /** Per passage: the concept's best weighted BM25F term score, its best match factor, the terms matched. */
  private scoreConcept(concept: Concept): Map<number, Hit> {
    const best = new Map<number, Hit>();
    const { k1, bodyB, headingB, headingWeight } = BM25;
    for (const { term, factor } of concept.alternatives) {
      const list = this.postings.get(term) ?? [];
      const idf = this.idf(term);
      for (let i = 0; i < list.length; i += 3) {
        const doc = list[i] ?? 0;
        const bodyNorm = 1 - bodyB + (bodyB * (this.data.bodyLengths[doc] ?? 0)) / this.avgBody;
        const headNorm = 1 - headingB + (headingB * (this.data.headingLengths[doc] ?? 0)) / this.avgHeading;
        const tf = (list[i + 1] ?? 0) / bodyNorm + (headingWeight * (list[i + 2] ?? 0)) / headNorm;
        const score = ((idf * tf * (k1 + 1)) / (tf + k1)) * factor;
        const hit = best.get(doc) ?? { score: 0, coverage: 0, matched: [] };
        // The best alternative counts fully, others a little: 'book' and 'visit' beat 'appointment' alone.
        hit.score = Math.max(hit.score, score) + SECOND_MATCH_SHARE * Math.min(hit.score, score);
        hit.coverage = Math.max(hit.coverage, factor);
        hit.matched.push(term);
        best.set(doc, hit);
      }
    }
    return best;
  }

  search(query: string, options: { limit?: number } = {}): SearchResult[] {
    const concepts = parseQuery(query, this.lexicon);
    const weights = concepts.map((c) => (c.counted ? this.idf(c.term) : 0));
    const total = weights.reduce((a, b) => a + b, 0);
    if (total === 0) return [];
    const hits = new Map<number, Hit>();
    concepts.forEach((concept, c) => {
      for (const [doc, found] of this.scoreConcept(concept)) {
        const hit = hits.get(doc) ?? { score: 0, coverage: 0, matched: [] };
        hit.score += found.score;
        hit.coverage += ((weights[c] ?? 0) * found.coverage) / total;
        hit.matched.push(...found.matched);
        hits.set(doc, hit);
      }
    });
    return [...hits]
      .map(([doc, hit]) => ({
        passage: this.passages[doc] as Passage,
        score: hit.score * (0.25 + 0.75 * hit.coverage),
        confidence: Math.min(1, hit.coverage),
        matchedTerms: [...new Set(hit.matched)],
      }))
      .sort((a, b) => b.score - a.score || a.passage.ordinal - b.passage.ordinal)
      .slice(0, options.limit ?? 5);
  }
}

/** Loads a SerializedIndex; throws on a malformed or other-version index (rebuild it from the passages). */
export function loadIndex(serialized: SerializedIndex): RetrievalIndex {
  const data = JSON.parse(serialized) as Partial<IndexData>;
  if (data.version !== INDEX_VERSION || !Array.isArray(data.passages) || typeof data.postings !== 'object') {
    throw new Error(`Unsupported retrieval index (version ${String(data.version)})`);
  }
  return new Bm25Index(data as IndexData);
}
