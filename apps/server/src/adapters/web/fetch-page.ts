import { SourceFetchError } from './errors.js';
import { fetchResource } from './fetch-resource.js';
import type { FetchPolicy } from './policy.js';
import { readResource, type FetchedPage, type ReadDocument, type ReadPage } from './read-page.js';
import { loadRobots } from './robots.js';
import { normalizeSourceUrl } from './urls.js';

/**
 * Fetches one page and makes it readable: HTML → readable text, plain text as is, PDF/DOCX via
 * `readDocument`. Honours the origin's robots.txt. Throws SourceFetchError only.
 */
export async function fetchPage(
  url: string,
  policy: FetchPolicy,
  readDocument: ReadDocument,
): Promise<FetchedPage> {
  const address = normalizeSourceUrl(url);
  const robots = await loadRobots(new URL(address).origin, policy);
  if (!robots.isAllowed(address)) throw new SourceFetchError('robotsDisallowed');
  return (await readPageAt(address, policy, readDocument)).page;
}

/** Fetches and reads one page, without looking at robots.txt (the caller has). */
export async function readPageAt(
  url: string,
  policy: FetchPolicy,
  readDocument: ReadDocument,
): Promise<ReadPage> {
  const resource = await fetchResource(url, policy);
  try {
    return await readResource(resource, readDocument, policy.signal);
  } catch (error) {
    if (error instanceof SourceFetchError) throw error;
    const detail = error instanceof Error ? error.message : String(error);
    throw new SourceFetchError('noText', `Could not read the page: ${detail}`, { cause: error });
  }
}
