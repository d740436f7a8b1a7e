import robotsParserModule from 'robots-parser';
import { SourceFetchError, type SourceFetchReason } from './errors.js';
import { fetchResource } from './fetch-resource.js';
import type { FetchPolicy } from './policy.js';

// The package is CommonJS (`module.exports = fn`) while its typings declare an ES default export.
const robotsParser = robotsParserModule as unknown as typeof robotsParserModule.default;

const ROBOTS_MAX_BYTES = 512 * 1024;
const ROBOTS_TIMEOUT_MS = 5_000;
/** Failures that say the site cannot be reached safely at all: its pages would fail the same way. */
const SITE_FAILURES = new Set<SourceFetchReason>(['invalidUrl', 'privateAddress', 'dnsFailed']);

export interface RobotsRules {
  /** Whether robots.txt lets our user agent read `url` (a URL of the same origin). */
  isAllowed(url: string): boolean;
  /** The `Sitemap:` lines. */
  sitemaps: string[];
}

/**
 * The robots.txt rules of an origin for the policy's user agent. A missing robots.txt (4xx) allows
 * everything; so, to keep things simple, does one that fails (5xx, timeout, too large).
 */
export async function loadRobots(origin: string, policy: FetchPolicy): Promise<RobotsRules> {
  const robotsUrl = `${origin}/robots.txt`;
  let text = '';
  try {
    const bounded = {
      ...policy,
      maxBytes: Math.min(policy.maxBytes, ROBOTS_MAX_BYTES),
      timeoutMs: Math.min(policy.timeoutMs, ROBOTS_TIMEOUT_MS),
    };
    text = (await fetchResource(robotsUrl, bounded)).body.toString('utf8');
  } catch (error) {
    if (error instanceof SourceFetchError && SITE_FAILURES.has(error.reason)) throw error;
  }
  const robots = robotsParser(robotsUrl, text);
  return {
    isAllowed: (url) => robots.isAllowed(url, policy.userAgent) !== false,
    sitemaps: robots.getSitemaps(),
  };
}
