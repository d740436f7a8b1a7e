import type { KeyFacts } from '../facts/index.js';
import type { Passage } from '../passages/types.js';
import { INDEX_VERSION } from './build-index.js';
import type { IndexData, SerializedIndex } from './build-index.js';
import { Meanings } from './meanings.js';
import { Vocabulary } from './fuzzy.js';
import type { Match } from './fuzzy.js';
import { LruMap } from '../../lru-map.js';
import { parseQuery } from './query.js';
import { ALL_RULES, type EngineRules } from '../rules.js';
import type { Concept } from './query.js';

/** BM25F parameters: a heading word counts headingWeight times a body word. */
export const BM25 = { k1: 1.2, bodyB: 0.75, headingB: 0.3, headingWeight: 2 } as const;

/**
 * Below this confidence a passage is not about the question: the model is not told it is the source, and a
 * short follow-up does not borrow the previous topic. Confidence is the IDF-weighted share of the question's
 * content words found in the passage (synonyms and typo fixes count at a discount; words the document never
 * uses weigh as much as its rarest word). The built-in composer decides to answer or decline on its own
 * measure (answer/compose.ts).
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
  /** The document's key facts; null for an index built before they were kept (its next build adds them). */
  readonly keyFacts: KeyFacts | null;
  /** The rules the engine that loaded this index answers with (all of them in the product). */
  readonly rules: EngineRules;
  /** The question's concepts as the search reads it: its words, their synonyms and typo fixes found here. */
  concepts(query: string): Concept[];
  /** In how many passages an index term occurs (0 when never). */
  documentFrequency(term: string): number;
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
/** How many recently read questions an index remembers. */
const PARSED_QUERIES = 64;

const average = (xs: number[]) => Math.max(1, xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length));

/**
 * Per-passage scratch space for one search, kept with the index and reused: a search runs synchronously, and a
 * large document's common words reach every passage, so per-passage objects would be most of its cost.
 */
class Scratch {
  /** Summed over concepts: the BM25F score and the IDF-weighted coverage. */
  readonly score: Float64Array;
  readonly coverage: Float64Array;
  /** For the concept being scored: its best weighted term score and best match factor. */
  readonly conceptScore: Float64Array;
  readonly conceptCoverage: Float64Array;
  readonly inConcept: Uint8Array;
  readonly inSearch: Uint8Array;

  constructor(size: number) {
    this.score = new Float64Array(size);
    this.coverage = new Float64Array(size);
    this.conceptScore = new Float64Array(size);
    this.conceptCoverage = new Float64Array(size);
    this.inConcept = new Uint8Array(size);
    this.inSearch = new Uint8Array(size);
  }
}

class Bm25Index implements RetrievalIndex {
  readonly passages: readonly Passage[];
  readonly keyFacts: KeyFacts | null;
  private readonly postings: Map<string, number[]>;
  /** Per passage: the BM25F length normalisation of its body and of its heading. */
  private readonly bodyNorm: Float64Array;
  private readonly headingNorm: Float64Array;
  private readonly scratch: Scratch;
  private vocabulary: Vocabulary | null = null;
  private meanings: Meanings | null = null;

  constructor(
    data: IndexData,
    readonly rules: EngineRules,
  ) {
    this.passages = data.passages;
    this.keyFacts = data.keyFacts ?? null;
    this.postings = new Map(Object.entries(data.postings));
    const avgBody = average(data.bodyLengths);
    const avgHeading = average(data.headingLengths);
    const { bodyB, headingB } = BM25;
    const n = data.passages.length;
    this.bodyNorm = new Float64Array(n);
    this.headingNorm = new Float64Array(n);
    for (let doc = 0; doc < n; doc++) {
      this.bodyNorm[doc] = 1 - bodyB + (bodyB * (data.bodyLengths[doc] ?? 0)) / avgBody;
      this.headingNorm[doc] = 1 - headingB + (headingB * (data.headingLengths[doc] ?? 0)) / avgHeading;
    }
    this.scratch = new Scratch(n);
  }

  /** Per term, worked out on first use: the passages it occurs in and its BM25F score in each. */
  private readonly termScores = new Map<string, { docs: Int32Array; scores: Float64Array }>();

  private scoresOf(term: string): { docs: Int32Array; scores: Float64Array } | undefined {
    const known = this.termScores.get(term);
    if (known) return known;
    const list = this.postings.get(term);
    if (!list) return undefined;
    const { k1, headingWeight } = BM25;
    const idf = this.idf(term);
    const docs = new Int32Array(list.length / 3);
    const scores = new Float64Array(list.length / 3);
    for (let i = 0; i < list.length; i += 3) {
      const doc = list[i]!;
      const tf = list[i + 1]! / this.bodyNorm[doc]! + (headingWeight * list[i + 2]!) / this.headingNorm[doc]!;
      docs[i / 3] = doc;
      scores[i / 3] = (idf * tf * (k1 + 1)) / (tf + k1);
    }
    const entry = { docs, scores };
    this.termScores.set(term, entry);
    return entry;
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
    nearInMeaning: (term: string): Match[] => {
      this.meanings ??= new Meanings(this.postings.keys());
      return this.meanings.near(term);
    },
  };

  /**
   * Scores one concept into the scratch space: per passage, its best weighted BM25F term score plus a little of
   * the others, and its best match factor; then adds them to the search's totals and each passage first reached
   * to `reached`.
   */
  private scoreConcept(concept: Concept, weight: number, total: number, reached: number[]): void {
    const { conceptScore, conceptCoverage, inConcept, score, coverage, inSearch } = this.scratch;
    const touched: number[] = [];
    for (const { term, factor } of concept.alternatives) {
      const found = this.scoresOf(term);
      if (!found) continue;
      const { docs, scores } = found;
      for (let i = 0; i < docs.length; i++) {
        const doc = docs[i]!;
        const termScore = scores[i]! * factor;
        if (inConcept[doc] === 0) {
          inConcept[doc] = 1;
          conceptScore[doc] = 0;
          conceptCoverage[doc] = 0;
          touched.push(doc);
        }
        const before = conceptScore[doc]!;
        // The best alternative counts fully, others a little: 'book' and 'visit' beat 'appointment' alone.
        conceptScore[doc] = Math.max(before, termScore) + SECOND_MATCH_SHARE * Math.min(before, termScore);
        conceptCoverage[doc] = Math.max(conceptCoverage[doc]!, factor);
      }
    }
    for (const doc of touched) {
      inConcept[doc] = 0;
      if (inSearch[doc] === 0) {
        inSearch[doc] = 1;
        score[doc] = 0;
        coverage[doc] = 0;
        reached.push(doc);
      }
      score[doc]! += conceptScore[doc]!;
      coverage[doc]! += (weight * conceptCoverage[doc]!) / total;
    }
  }

  /** The index terms of the concepts that occur in the passage, in the order the concepts name them. */
  private matchedTerms(concepts: readonly Concept[], doc: number): string[] {
    const matched = new Set<string>();
    for (const concept of concepts) {
      for (const { term } of concept.alternatives) {
        if (!matched.has(term) && this.occursIn(term, doc)) matched.add(term);
      }
    }
    return [...matched];
  }

  /** Whether a term occurs in a passage: a binary search of its postings (passages in order). */
  private occursIn(term: string, doc: number): boolean {
    const docs = this.scoresOf(term)?.docs;
    if (!docs) return false;
    let low = 0;
    let high = docs.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const found = docs[middle]!;
      if (found === doc) return true;
      if (found < doc) low = middle + 1;
      else high = middle - 1;
    }
    return false;
  }

  /** Questions read recently: the composer reads the question the search just read. */
  private readonly parsed = new LruMap<string, Concept[]>(PARSED_QUERIES);

  concepts(query: string): Concept[] {
    let concepts = this.parsed.get(query);
    if (!concepts) {
      concepts = parseQuery(query, this.lexicon, this.rules);
      this.parsed.set(query, concepts);
    }
    return concepts;
  }

  documentFrequency(term: string): number {
    return (this.postings.get(term)?.length ?? 0) / 3;
  }

  search(query: string, options: { limit?: number } = {}): SearchResult[] {
    const concepts = this.concepts(query);
    const weights = concepts.map((c) => (c.counted ? this.idf(c.term) : 0));
    const total = weights.reduce((a, b) => a + b, 0);
    if (total === 0) return [];
    const limit = options.limit ?? 5;
    const reached: number[] = [];
    concepts.forEach((concept, c) => this.scoreConcept(concept, weights[c] ?? 0, total, reached));

    const { score, coverage, inSearch } = this.scratch;
    // The best `limit` passages, kept in order: higher score first, then earlier in the document.
    const top: { doc: number; score: number }[] = [];
    const ahead = (a: { doc: number; score: number }, b: { doc: number; score: number }) =>
      a.score > b.score ||
      (a.score === b.score && this.passages[a.doc]!.ordinal < this.passages[b.doc]!.ordinal);
    for (const doc of reached) {
      inSearch[doc] = 0;
      const entry = { doc, score: score[doc]! * (0.25 + 0.75 * coverage[doc]!) };
      if (top.length === limit && !ahead(entry, top[top.length - 1]!)) continue;
      let at = top.length;
      while (at > 0 && ahead(entry, top[at - 1]!)) at--;
      top.splice(at, 0, entry);
      if (top.length > limit) top.pop();
    }
    // The matched terms are worked out only when asked for: most answers never read them.
    const matched = (doc: number) => this.matchedTerms(concepts, doc);
    return top.map(({ doc, score: finalScore }) => ({
      passage: this.passages[doc]!,
      score: finalScore,
      confidence: Math.min(1, coverage[doc]!),
      get matchedTerms() {
        return matched(doc);
      },
    }));
  }
}

/** Loads a SerializedIndex; throws on a malformed or other-version index (rebuild it from the passages). */
export function loadIndex(serialized: SerializedIndex, rules: EngineRules = ALL_RULES): RetrievalIndex {
  const data = JSON.parse(serialized) as Partial<IndexData>;
  if (data.version !== INDEX_VERSION || !Array.isArray(data.passages) || typeof data.postings !== 'object') {
    throw new Error(`Unsupported retrieval index (version ${String(data.version)})`);
  }
  return new Bm25Index(data as IndexData, rules);
}
