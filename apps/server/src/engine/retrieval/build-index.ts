import type { KeyFacts } from '../facts/index.js';
import type { Passage } from '../passages/types.js';
import { terms } from './text-analysis.js';

/** The index as stored in `bot_indexes.retrieval_index`: a JSON string (see IndexData). */
export type SerializedIndex = string;

export const INDEX_VERSION = 1;

/** The JSON inside a SerializedIndex: the passages and, per term, flat [passage, bodyTf, headingTf, …] triples. */
export interface IndexData {
  version: typeof INDEX_VERSION;
  passages: Passage[];
  bodyLengths: number[];
  headingLengths: number[];
  postings: Record<string, number[]>;
  /** The document's key facts (decision 037); absent in an index built before they were kept. */
  keyFacts?: KeyFacts;
}

/**
 * Indexes passages for BM25F search over text and heading. Passages are stored in it, so search needs nothing else;
 * the document's key facts ride along, so a bot's knowledge is one stored value.
 */
export function buildIndex(passages: readonly Passage[], keyFacts?: KeyFacts): SerializedIndex {
  const postings = new Map<string, number[]>();
  const bodyLengths: number[] = [];
  const headingLengths: number[] = [];
  passages.forEach((passage, doc) => {
    const counts = new Map<string, [number, number]>();
    const count = (term: string, field: 0 | 1) => {
      const tf = counts.get(term) ?? [0, 0];
      tf[field]++;
      counts.set(term, tf);
    };
    const body = terms(passage.text);
    const heading = terms(passage.heading ?? '');
    for (const t of body) count(t, 0);
    for (const t of heading) count(t, 1);
    bodyLengths.push(body.length);
    headingLengths.push(heading.length);
    for (const [term, [bodyTf, headingTf]] of counts) {
      const list = postings.get(term) ?? [];
      list.push(doc, bodyTf, headingTf);
      postings.set(term, list);
    }
  });
  const data: IndexData = {
    version: INDEX_VERSION,
    passages: passages.map(({ ordinal, heading, page, text, tokenCount, source }) => ({
      ordinal,
      heading,
      page,
      text,
      tokenCount,
      ...(source ? { source: { title: source.title, url: source.url } } : {}),
    })),
    bodyLengths,
    headingLengths,
    postings: Object.fromEntries(postings),
    ...(keyFacts ? { keyFacts } : {}),
  };
  return JSON.stringify(data);
}
