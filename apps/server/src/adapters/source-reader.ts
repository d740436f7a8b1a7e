import { SOURCE_PAGE_MAX_BYTES } from '@vuxo/shared/sources';
import { extractDocument, ExtractionError } from '../engine/extract/index.js';
import { PermanentJobError } from '../jobs/worker.js';
import type { ReadPage, SourceReader } from '../services/source-fetch.js';
import {
  crawlSite,
  fetchPageIfChanged,
  SOURCE_FETCH_MESSAGES,
  SourceFetchError,
  type FetchedPage,
  type FetchPolicy,
} from './web/index.js';

/** How the product names itself to the websites it reads. */
export const SOURCE_USER_AGENT = 'VuxoBot/1.0 (+website sources of a Vuxo chatbot)';
const PAGE_TIMEOUT_MS = 15_000;

/** A PDF or DOCX behind an address goes through the same extraction as an upload. */
async function readDocument(bytes: Uint8Array): Promise<{ text: string }> {
  try {
    // Scans behind an address are not read by OCR: a source's build has no owner watching to wait for it.
    return { text: (await extractDocument(bytes, { ocrMaxPages: 0 })).text };
  } catch (error) {
    if (error instanceof ExtractionError) throw new PermanentJobError(error.message);
    throw error;
  }
}

const toPage = (page: FetchedPage): ReadPage => ({
  url: page.url,
  title: page.title,
  text: page.text,
  bytes: page.bytes,
  ...(page.etag ? { etag: page.etag } : {}),
  ...(page.lastModified ? { lastModified: page.lastModified } : {}),
});

/** Turns the fetcher's refusals into the owner's reason for a failed source. */
function readable(error: unknown): unknown {
  return error instanceof SourceFetchError
    ? new PermanentJobError(SOURCE_FETCH_MESSAGES[error.reason])
    : error;
}

/** Website sources read from the web (adapters/web), private addresses refused unless `allowPrivate`. */
export function webSourceReader(options: { allowPrivate: boolean; timeoutMs?: number }): SourceReader {
  const policy = (maxBytes: number, signal: AbortSignal): FetchPolicy => ({
    allowPrivate: options.allowPrivate,
    userAgent: SOURCE_USER_AGENT,
    timeoutMs: options.timeoutMs ?? PAGE_TIMEOUT_MS,
    maxBytes,
    maxRedirects: 5,
    signal,
  });
  return {
    async page(url, { maxBytes, signal, validators }) {
      try {
        const page = await fetchPageIfChanged(url, policy(maxBytes, signal), readDocument, validators ?? {});
        return page && toPage(page);
      } catch (error) {
        throw readable(error);
      }
    },
    async site(url, { maxPages, maxBytes, signal }) {
      try {
        const result = await crawlSite(
          url,
          { ...policy(Math.min(maxBytes, SOURCE_PAGE_MAX_BYTES), signal), maxPages, maxTotalBytes: maxBytes },
          readDocument,
        );
        const failure = result.failures[0];
        return {
          pages: result.pages.map(toPage),
          firstFailure: failure ? SOURCE_FETCH_MESSAGES[failure.reason] : null,
        };
      } catch (error) {
        throw readable(error);
      }
    },
  };
}
