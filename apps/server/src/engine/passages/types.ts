/** One retrievable piece of the owner's document (stored in the `passages` table). */
export interface Passage {
  /** 0-based position in the document. */
  ordinal: number;
  /** The heading path, outermost first, joined with ' › ' (e.g. 'Services › Opening hours'); null before any heading. */
  heading: string | null;
  /** The 1-based PDF page the passage starts on; null for documents without pages. */
  page: number | null;
  /** The passage body (headings are not repeated in it). Lists and tables keep their line breaks. */
  text: string;
  /** An estimate of LLM tokens (characters / 4, rounded up), for context budgets. */
  tokenCount: number;
  /** A passage of a website page the owner added as a source (absent: the owner's document). */
  source?: WebSource;
}

/** The website page a passage comes from. */
export interface WebSource {
  title: string;
  url: string;
}

/** A website page's readable text, read beside the document. */
export interface WebPageText extends WebSource {
  text: string;
}

/** The extracted text of a document; PDFs also give their pages. */
export interface DocumentText {
  text: string;
  pages: { page: number; text: string }[] | null;
  /** The bot's other documents (paid plans), after the first. */
  documents?: NamedDocumentText[];
  /** The ready pages of the bot's website sources. */
  webPages?: WebPageText[];
}

/** Another document of the bot: named by its file name where a passage has no heading. */
export interface NamedDocumentText {
  name: string;
  text: string;
  pages: { page: number; text: string }[] | null;
}

/** A short line recognised as a heading; its style and depth give its rank in the outline (headingRank). */
export interface Heading {
  text: string;
  /** 'md' (markdown #), 'num' (3. / 3.2), 'caps', 'title', 'colon', 'plain' or 'question'. */
  style: string;
  /** Nesting depth within the style: number of '#' or of numbering parts; 1 otherwise. */
  depth: number;
}

/** A paragraph-level unit of the document, before packing into passages. */
export type Block =
  | { kind: 'heading'; heading: Heading; page: number | null }
  | { kind: 'prose' | 'list'; text: string; page: number | null };
