import { DOCUMENT_MAX_BYTES_ANY_PLAN } from '@vuxo/shared/plans';
import { DOCUMENT_TEXT_MAX_CHARS } from '@vuxo/shared/limits';
import { ExtractionError } from './errors.js';

/**
 * A DOCX is refused before parsing when its ZIP directory declares more entries than this, or more bytes of
 * XML (the parts that are read; images are never inflated).
 */
export const DOCX_MAX_ENTRIES = 1000;
export const DOCX_MAX_UNCOMPRESSED_BYTES = 50 * 1024 * 1024;
/** Pages of a PDF that are read; the rest is ignored. */
export const PDF_MAX_PAGES = 500;
/** Fewer visible characters than this over a whole PDF: a scan or an image-only PDF. */
export const PDF_MIN_TEXT_CHARS = 20;
/**
 * A PDF is refused before parsing when one of the streams pdf.js reads as content (not an image, font or attachment)
 * inflates past this: pdf.js spent 2 s on a 64 MiB page of spaces before finding no text. It is more than six times
 * DOCUMENT_TEXT_MAX_CHARS on one page.
 */
export const PDF_CONTENT_STREAM_MAX_BYTES = 32 * 1024 * 1024;

/**
 * Checks that need no parsing; done before a worker is started, and again inside it. The route has already
 * applied the caller's plan limit; this is the ceiling of every plan.
 */
export function checkDocumentSize(bytes: Uint8Array): void {
  if (bytes.length === 0) throw new ExtractionError('empty');
  if (bytes.length > DOCUMENT_MAX_BYTES_ANY_PLAN) throw new ExtractionError('tooLarge');
}

/** Refuses a document with more text than a bot may hold (checked as early as each format allows). */
export function checkTextLength(characters: number): void {
  if (characters > DOCUMENT_TEXT_MAX_CHARS) throw new ExtractionError('textTooLong');
}

/** A PDF page with fewer visible characters than this, and an image on it, is a scan: it is read by OCR. */
export const OCR_PAGE_MIN_TEXT_CHARS = 40;
/** A photo, or a page rendered for OCR, above this many pixels is refused (a pixel or decompression bomb). */
export const OCR_IMAGE_MAX_PIXELS = 50_000_000;
/** Scanned PDF pages are rendered at this resolution, and at most this many pixels (A4 at 300 dpi is 8.7 M). */
export const OCR_RENDER_DPI = 300;
export const OCR_RENDER_MAX_PIXELS = 9_000_000;
/** The extraction's time limit grows by this for each page OCR may read (the bench reads a page in 2-4 s). */
export const OCR_PAGE_TIMEOUT_MS = 8_000;
