export { splitIntoPassages, MAX_PASSAGES, PASSAGE_WORDS, HEADING_SEPARATOR } from './split-passages.js';
export { splitSentences, wordCount } from './sentences.js';
export type { Passage, DocumentText, NamedDocumentText, WebPageText, WebSource } from './types.js';
