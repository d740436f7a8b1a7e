import { asSourceFetchError, type SourceFetchReason } from './errors.js';
import { readPageAt } from './fetch-page.js';
import type { FetchPolicy } from './policy.js';
import type { FetchedPage, ReadDocument, ReadPage } from './read-page.js';
import { loadRobots, type RobotsRules } from './robots.js';
import { collectSitemapPages } from './sitemap.js';
import { isSitemapUrl, mayBePage, normalizeSourceUrl, sameOrigin } from './urls.js';

export interface CrawlOptions extends FetchPolicy {
  /** Pages successfully read, the start page included. */
  maxPages: number;
  /** Sum of the read pages' body sizes. */
  maxTotalBytes: number;
}

export interface CrawlResult {
  pages: FetchedPage[];
  failures: { url: string; reason: SourceFetchReason }[];
}

const CONCURRENCY = 2;
/** URLs remembered as seen (queued or read), so a huge site cannot grow the queue without end. */
const MAX_KNOWN_URLS = 5000;

/**
 * Crawls one site: the start page, then its links, the URLs of the origin's sitemaps (/sitemap.xml and
 * robots.txt `Sitemap:` lines) and the links of every page read, breadth-first, same origin only,
 * honouring robots.txt. Stops at `maxPages` pages, `maxTotalBytes` bytes, or after as many failed
 * fetches as `maxPages` (at least 10). Never throws: what failed is listed in `failures`.
 */
export async function crawlSite(
  start: string,
  options: CrawlOptions,
  readDocument: ReadDocument,
): Promise<CrawlResult> {
  const crawl = new Crawl(options, readDocument);
  let startUrl = start;
  try {
    startUrl = normalizeSourceUrl(start);
    await crawl.run(startUrl);
  } catch (error) {
    crawl.failures.push({ url: startUrl, reason: asSourceFetchError(error).reason });
  }
  return { pages: crawl.pages, failures: crawl.failures };
}

class Crawl {
  readonly pages: FetchedPage[] = [];
  readonly failures: CrawlResult['failures'] = [];
  private readonly queue: string[] = [];
  private readonly known = new Set<string>();
  private origin = '';
  private robots: RobotsRules = { isAllowed: () => true, sitemaps: [] };
  private totalBytes = 0;
  private budgetSpent = false;
  private failedFetches = 0;
  /** Pages are read a few at once and finish in any order; they are kept in the order they were queued. */
  private readonly queuedAt = new Map<FetchedPage, number>();
  private queued = 0;
  private readonly isOwnUrl = (url: string): boolean => URL.canParse(url) && sameOrigin(url, this.origin);

  constructor(
    private readonly options: CrawlOptions,
    private readonly readDocument: ReadDocument,
  ) {}

  async run(start: string): Promise<void> {
    this.origin = new URL(start).origin;
    this.robots = await loadRobots(this.origin, this.options);
    const sitemaps = isSitemapUrl(start) ? [start] : await this.readStartPage(start);
    for (const url of await collectSitemapPages(sitemaps, this.origin, this.options)) this.enqueue(url);
    await this.readQueue();
    this.pages.sort((a, b) => (this.queuedAt.get(a) ?? 0) - (this.queuedAt.get(b) ?? 0));
  }

  /** Reads the start page and returns the sitemaps of the origin it lands on. */
  private async readStartPage(start: string): Promise<string[]> {
    this.known.add(start);
    const first = await this.read(start);
    // A site that sends its home page on (http → https, example.com → www.) is crawled where it lands.
    if (first && !sameOrigin(first.page.url, start)) {
      this.origin = new URL(first.page.url).origin;
      this.robots = await loadRobots(this.origin, this.options);
    }
    if (first) this.accept(first, this.queued++);
    const listed = this.robots.sitemaps.filter(this.isOwnUrl);
    return [...new Set([`${this.origin}/sitemap.xml`, ...listed])];
  }

  private enqueue(url: string): void {
    if (this.known.size >= MAX_KNOWN_URLS || this.known.has(url)) return;
    if (!this.isOwnUrl(url) || !mayBePage(url)) return;
    this.known.add(url);
    this.queue.push(url);
  }

  private get stopped(): boolean {
    const { maxPages, signal } = this.options;
    return this.budgetSpent || this.failedFetches >= Math.max(10, maxPages) || Boolean(signal?.aborted);
  }

  /** Reads queued pages, at most CONCURRENCY at a time, never more in flight than pages still wanted. */
  private async readQueue(): Promise<void> {
    const running = new Set<Promise<void>>();
    for (;;) {
      while (
        running.size < CONCURRENCY &&
        this.queue.length > 0 &&
        this.pages.length + running.size < this.options.maxPages &&
        !this.stopped
      ) {
        const task = this.readAndAccept(this.queue.shift()!).finally(() => running.delete(task));
        running.add(task);
      }
      if (running.size === 0) return;
      await Promise.race(running);
    }
  }

  private async readAndAccept(url: string): Promise<void> {
    const order = this.queued++;
    const read = await this.read(url);
    if (read) this.accept(read, order);
  }

  /** Reads one page if robots.txt allows it; a failure is recorded and gives undefined. */
  private async read(url: string): Promise<ReadPage | undefined> {
    if (!this.robots.isAllowed(url)) {
      this.failures.push({ url, reason: 'robotsDisallowed' });
      return undefined;
    }
    try {
      return await readPageAt(url, this.options, this.readDocument);
    } catch (error) {
      this.failedFetches++;
      this.failures.push({ url, reason: asSourceFetchError(error).reason });
      return undefined;
    }
  }

  /** Keeps a page read on this origin (once, within the budgets) and queues its links. */
  private accept({ page, links }: ReadPage, order: number): void {
    const duplicate = this.pages.some((kept) => kept.url === page.url);
    if (duplicate || !this.isOwnUrl(page.url) || this.pages.length >= this.options.maxPages) return;
    if (this.totalBytes + page.bytes > this.options.maxTotalBytes) {
      this.budgetSpent = true;
      return;
    }
    this.totalBytes += page.bytes;
    this.known.add(page.url);
    this.pages.push(page);
    this.queuedAt.set(page, order);
    for (const link of links) this.enqueue(link);
  }
}
