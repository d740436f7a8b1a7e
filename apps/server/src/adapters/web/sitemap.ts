import { XMLParser } from 'fast-xml-parser';
import { fetchResource } from './fetch-resource.js';
import type { FetchPolicy } from './policy.js';
import { mayBePage, resolveLink, sameOrigin } from './urls.js';

const SITEMAP_MAX_BYTES = 5 * 1024 * 1024;
/** At most this many page URLs are taken from an origin's sitemaps. */
export const MAX_SITEMAP_URLS = 1000;
/** Sitemaps read: those given (robots.txt may list many), then those their indexes name. */
const MAX_LISTED_SITEMAPS = 5;
const MAX_CHILD_SITEMAPS = 25;

const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  isArray: (name) => name === 'url' || name === 'sitemap',
});

interface SitemapXml {
  urlset?: { url?: unknown };
  sitemapindex?: { sitemap?: unknown };
}

/** The `<loc>`s of a `<urlset>` (pages) and of a `<sitemapindex>` (further sitemaps). */
export function parseSitemap(xml: string): { pages: string[]; sitemaps: string[] } {
  try {
    const document = parser.parse(xml) as SitemapXml;
    return { pages: locations(document.urlset?.url), sitemaps: locations(document.sitemapindex?.sitemap) };
  } catch {
    return { pages: [], sitemaps: [] }; // not XML (often an HTML "not found" page): no URLs
  }
}

function locations(entries: unknown): string[] {
  if (!Array.isArray(entries)) return [];
  return entries.flatMap((entry: { loc?: unknown } | null) => {
    const loc = entry?.loc;
    return typeof loc === 'string' && loc.trim() ? [loc.trim()] : [];
  });
}

/**
 * Page URLs of `origin` listed by the given sitemaps and, one level deep, by the sitemaps that
 * sitemap indexes name. Sitemaps that fail to load are skipped.
 */
export async function collectSitemapPages(
  sitemapUrls: string[],
  origin: string,
  policy: FetchPolicy,
): Promise<string[]> {
  const pages = new Set<string>();
  const addPages = (urls: string[]) => {
    for (const url of urls.map((loc) => resolveLink(loc, origin))) {
      if (url && sameOrigin(url, origin) && mayBePage(url)) pages.add(url);
    }
  };
  const children: string[] = [];
  for (const sitemapUrl of sitemapUrls.slice(0, MAX_LISTED_SITEMAPS)) {
    const { pages: listed, sitemaps } = await readSitemap(sitemapUrl, policy);
    addPages(listed);
    children.push(...sitemaps.filter((url) => URL.canParse(url) && sameOrigin(url, origin)));
  }
  for (const child of children.slice(0, MAX_CHILD_SITEMAPS)) {
    if (pages.size >= MAX_SITEMAP_URLS) break;
    addPages((await readSitemap(child, policy)).pages); // an index listed in an index is not followed
  }
  return [...pages].slice(0, MAX_SITEMAP_URLS);
}

async function readSitemap(
  url: string,
  policy: FetchPolicy,
): Promise<{ pages: string[]; sitemaps: string[] }> {
  try {
    const { body } = await fetchResource(url, { ...policy, maxBytes: SITEMAP_MAX_BYTES });
    return parseSitemap(body.toString('utf8'));
  } catch {
    return { pages: [], sitemaps: [] };
  }
}
