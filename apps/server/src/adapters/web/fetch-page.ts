import { SourceFetchError } from './errors.js';
import {
  fetchResource,
  fetchResourceIfChanged,
  type FetchedResource,
  type Validators,
} from './fetch-resource.js';
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

/**
 * A page read again (decision 118): as `fetchPage`, robots.txt included, sending the last read's validators;
 * null when the website answers 304 Not Modified.
 */
export async function fetchPageIfChanged(
  url: string,
  policy: FetchPolicy,
  readDocument: ReadDocument,
  validators: Validators,
): Promise<FetchedPage | null> {
  const address = normalizeSourceUrl(url);
  const robots = await loadRobots(new URL(address).origin, policy);
  if (!robots.isAllowed(address)) throw new SourceFetchError('robotsDisallowed');
  const resource = await fetchResourceIfChanged(address, policy, validators);
  if (!resource) return null;
  return (await readFetched(resource, policy, readDocument)).page;
}

/** Fetches and reads one page, without looking at robots.txt (the caller has). */
export async function readPageAt(
  url: string,
  policy: FetchPolicy,
  readDocument: ReadDocument,
): Promise<ReadPage> {
  return readFetched(await fetchResource(url, policy), policy, readDocument);
}

async function readFetched(
  resource: FetchedResource,
  policy: FetchPolicy,
  readDocument: ReadDocument,
): Promise<ReadPage> {
  try {
    return await readResource(resource, readDocument, policy.signal);
  } catch (error) {
    if (error instanceof SourceFetchError) throw error;
    const detail = error instanceof Error ? error.message : String(error);
    throw new SourceFetchError('noText', `Could not read the page: ${detail}`, { cause: error });
  }
}
