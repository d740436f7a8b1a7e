export { extractDocument, EXTRACT_TIMEOUT_MS, liveExtractions } from './extract-document.js';
export { ExtractionError } from './errors.js';
export type { ExtractionErrorCode } from './errors.js';
export { EXTRACT_MSG } from './messages.js';
export {
  DOCX_MAX_ENTRIES,
  DOCX_MAX_UNCOMPRESSED_BYTES,
  PDF_MAX_PAGES,
  PDF_MIN_TEXT_CHARS,
} from './limits.js';
export type { DocumentKind, ExtractedDocument, ExtractedPage, ExtractOptions } from './types.js';
