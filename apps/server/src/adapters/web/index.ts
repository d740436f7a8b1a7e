export { SOURCE_FETCH_MESSAGES, SourceFetchError, type SourceFetchReason } from './errors.js';
export { DEFAULT_FETCH_POLICY, type FetchPolicy, type ResolvedAddress, type ResolveHost } from './policy.js';
export { isPublicAddress } from './address.js';
export { fetchPage } from './fetch-page.js';
export type { FetchedPage, ReadDocument } from './read-page.js';
export { crawlSite, type CrawlOptions, type CrawlResult } from './crawl.js';
export { normalizeSourceUrl } from './urls.js';
