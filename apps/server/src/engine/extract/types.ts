export type DocumentKind = 'pdf' | 'docx' | 'doc' | 'txt';

export interface ExtractedPage {
  page: number;
  text: string;
}

export interface ExtractedDocument {
  kind: DocumentKind;
  mimeType: string;
  extension: '.pdf' | '.docx' | '.doc' | '.txt';
  /** Plain text; paragraphs separated by blank lines, DOCX headings as `#` lines. */
  text: string;
  /** PDF only: the text of each page (1-based), at most the first PDF_MAX_PAGES pages. */
  pages: ExtractedPage[] | null;
}

export interface ExtractOptions {
  /** Wall-clock limit for the whole extraction; default 20 s. */
  timeoutMs?: number;
}
