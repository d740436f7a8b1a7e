import type { OcrReadout } from '@vuxo/shared/schemas';

export type DocumentKind = 'pdf' | 'docx' | 'doc' | 'txt' | ImageKind;
/** Photos and scans accepted as documents, read by OCR. */
export type ImageKind = 'jpeg' | 'png' | 'webp';

export interface ExtractedPage {
  page: number;
  text: string;
}

export interface ExtractedDocument {
  kind: DocumentKind;
  mimeType: string;
  extension: '.pdf' | '.docx' | '.doc' | '.txt' | '.jpg' | '.png' | '.webp';
  /** Plain text; paragraphs separated by blank lines, DOCX headings as `#` lines. */
  text: string;
  /** PDF only: the text of each page (1-based), at most the first PDF_MAX_PAGES pages. */
  pages: ExtractedPage[] | null;
  /** Set when some of the text was read by OCR: which pages, the whole text, and where its unsure words are. */
  ocr: OcrReadout | null;
}

export interface ExtractOptions {
  /** Wall-clock limit for the whole extraction; default 20 s, plus OCR_PAGE_TIMEOUT_MS per page OCR may read. */
  timeoutMs?: number;
  /** The most pages (or photos) read by OCR; 0 turns OCR off. Default: the Free Trial's cap. */
  ocrMaxPages?: number;
  /** Called before each page OCR reads: pages done, pages to read. */
  onProgress?: (done: number, total: number) => void;
  /** Stops the extraction: its process is killed and the call fails. */
  signal?: AbortSignal;
}
