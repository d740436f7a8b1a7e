export { buildIndex, INDEX_VERSION } from './build-index.js';
export type { SerializedIndex } from './build-index.js';
export { loadIndex, hasConfidentMatch, CONFIDENCE_THRESHOLD, BM25 } from './retrieval-index.js';
export type { RetrievalIndex, SearchResult } from './retrieval-index.js';
export { terms as indexTerms } from './text-analysis.js';
export { specificity } from './specificity.js';
export type { Concept } from './query.js';
