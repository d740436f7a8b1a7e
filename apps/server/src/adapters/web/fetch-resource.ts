import { resolveAllowedAddress } from './address.js';
import { ACCEPT_ENCODING, readBody } from './body.js';
import { startDeadline, untilAborted } from './deadline.js';
import { asSourceFetchError, SourceFetchError } from './errors.js';
import type { FetchPolicy } from './policy.js';
import { openResponse } from './request.js';

export interface FetchedResource {
  /** Final URL after redirects. */
  url: string;
  /** The Content-Type header as sent ('' when missing). */
  contentType: string;
  body: Buffer;
  /** The validators a later conditional request sends back (ETag, Last-Modified), when the server gave them. */
  etag?: string;
  lastModified?: string;
}

/** What a source remembers of its last read, sent as If-None-Match / If-Modified-Since. */
export interface Validators {
  etag?: string | null;
  lastModified?: string | null;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const WEB_PROTOCOLS = new Set(['http:', 'https:']);
const ACCEPT = 'text/html,application/xhtml+xml,text/plain;q=0.9,application/pdf;q=0.8,*/*;q=0.5';

/**
 * GETs `url` within the policy's bounds, following redirects by hand so that every hop's host is
 * resolved and checked before connecting. Throws SourceFetchError only.
 */
export async function fetchResource(url: string, policy: FetchPolicy): Promise<FetchedResource> {
  const resource = await fetchResourceIfChanged(url, policy, {});
  if (!resource) throw new SourceFetchError('httpStatus', 'The website answered with status 304.');
  return resource;
}

/**
 * As `fetchResource`, sending the last read's validators: null when the website answers 304 Not Modified (the
 * page has not changed, and no body was read). Every hop is checked as `fetchResource` checks it.
 */
export async function fetchResourceIfChanged(
  url: string,
  policy: FetchPolicy,
  validators: Validators,
): Promise<FetchedResource | null> {
  const deadline = startDeadline(policy.timeoutMs, policy.signal);
  try {
    return await followRedirects(url, policy, deadline.signal, validators);
  } catch (error) {
    throw asSourceFetchError(error, deadline.signal);
  } finally {
    deadline.dispose();
  }
}

async function followRedirects(
  start: string,
  policy: FetchPolicy,
  signal: AbortSignal,
  validators: Validators,
): Promise<FetchedResource | null> {
  const headers: Record<string, string> = {
    'User-Agent': policy.userAgent,
    Accept: ACCEPT,
    'Accept-Encoding': ACCEPT_ENCODING,
    ...(validators.etag ? { 'If-None-Match': validators.etag } : {}),
    ...(validators.lastModified ? { 'If-Modified-Since': validators.lastModified } : {}),
  };
  let url = webUrl(start);
  for (let redirects = 0; ; redirects++) {
    const target = await untilAborted(resolveAllowedAddress(url.hostname, policy), signal);
    const response = await openResponse(url, target, headers, signal);
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (REDIRECT_STATUSES.has(status) && location) {
      response.destroy();
      if (redirects >= policy.maxRedirects) {
        throw new SourceFetchError('tooManyRedirects', `More than ${policy.maxRedirects} redirects.`);
      }
      url = webUrl(location, url);
      continue;
    }
    if (status === 304 && (validators.etag || validators.lastModified)) {
      response.destroy();
      return null;
    }
    if (status < 200 || status > 299) {
      response.destroy();
      throw new SourceFetchError('httpStatus', `The website answered with status ${status}.`);
    }
    const body = await readBody(response, policy.maxBytes, signal);
    const { etag, 'last-modified': lastModified } = response.headers;
    return {
      url: url.href,
      contentType: response.headers['content-type'] ?? '',
      body,
      ...(etag ? { etag } : {}),
      ...(lastModified ? { lastModified } : {}),
    };
  }
}

/** Parses an address (relative to `base` for a redirect's Location), allowing http and https only. */
function webUrl(address: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(address, base);
  } catch {
    throw new SourceFetchError('invalidUrl', `Not a valid address: ${address}`);
  }
  if (!WEB_PROTOCOLS.has(url.protocol)) {
    throw new SourceFetchError('invalidUrl', `Only http and https addresses can be read: ${url.protocol}`);
  }
  url.hash = '';
  url.username = '';
  url.password = '';
  return url;
}
