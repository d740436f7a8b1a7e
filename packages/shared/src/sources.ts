/** Website sources of a bot: pages (Basic and up) and whole sites (Pro and up). Zod-free. */

export const SOURCE_KINDS = ['page', 'site'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

/** queued → fetching → ready, or failed with a plain reason; a refresh goes back to queued. */
export const SOURCE_STATUSES = ['queued', 'fetching', 'ready', 'failed'] as const;
export type SourceStatus = (typeof SOURCE_STATUSES)[number];

/** Whether text looks like a web address an owner can add (http or https, then a host); the server checks more. */
export const isWebAddress = (text: string): boolean => /^https?:\/\/[^\s/]/i.test(text);

/** The longest address an owner can add. */
export const SOURCE_URL_MAX = 2000;
/** The most a single page (HTML, PDF or DOCX behind a URL) may weigh. */
export const SOURCE_PAGE_MAX_BYTES = 5 * 1024 * 1024;

/** What a plan allows in website sources (plans.ts). */
export interface SourceAllowance {
  /** Addresses per bot (pages and sites together); 0: none. */
  maxSources: number;
  /** Whether a whole site can be read from its start address or sitemap. */
  siteCrawl: boolean;
  /** The pages read from one site, at most. */
  crawlMaxPages: number;
  /** The bytes fetched for one source (a page, or every page of a site), at most. */
  maxBytes: number;
}
