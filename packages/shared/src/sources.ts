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
  /** How often each source is read again on its own, in seconds; null: never (decision 118). */
  refreshEverySeconds: number | null;
}

/** "Re-read now" presses per source per day (UTC); the schedule's own reads do not count. */
export const SOURCE_REREADS_PER_DAY = 5;

export const SOURCE_REFRESH_DAILY = 24 * 60 * 60;
export const SOURCE_REFRESH_WEEKLY = 7 * SOURCE_REFRESH_DAILY;

/** A plan card's line for how often its website sources are read again (plans.ts `sources.refreshEverySeconds`). */
export const sourceRefreshText = (seconds: number | null): string => {
  if (seconds === null) return 'No website re-reading';
  if (seconds === SOURCE_REFRESH_DAILY) return 'Website pages re-read daily';
  if (seconds === SOURCE_REFRESH_WEEKLY) return 'Website pages re-read weekly';
  const hours = Math.max(1, Math.round(seconds / 3600));
  return `Website pages re-read every ${hours} ${hours === 1 ? 'hour' : 'hours'}`;
};
