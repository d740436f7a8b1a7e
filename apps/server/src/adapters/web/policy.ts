/** One address a host name resolved to, as `dns.promises.lookup(host, { all: true })` gives it. */
export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Looks up every address of a host name. */
export type ResolveHost = (host: string) => Promise<ResolvedAddress[]>;

export interface FetchPolicy {
  /** Allow loopback/private addresses (tests and local development only). */
  allowPrivate: boolean;
  /** Sent with every request and matched against robots.txt groups, e.g. 'VuxoBot/1.0 (+https://…/bot)'. */
  userAgent: string;
  /** Whole request: every redirect hop, connect, headers and body. */
  timeoutMs: number;
  /** Body cap after decompression; over it → 'tooLarge'. */
  maxBytes: number;
  maxRedirects: number;
  signal?: AbortSignal;
  /** Host name lookup; defaults to `dns.promises.lookup(host, { all: true })`. */
  resolve?: ResolveHost;
  /**
   * Tests only: decides which resolved (or literal) addresses may be connected to, replacing the
   * default check (`isPublicAddress`, or any address with `allowPrivate`). It lets a test serve a
   * "public" host from 127.0.0.1 while still proving that every redirect hop is checked.
   */
  isAllowedAddress?: (ip: string) => boolean;
}

export const DEFAULT_FETCH_POLICY = {
  allowPrivate: false,
  timeoutMs: 15_000,
  maxBytes: 5 * 1024 * 1024,
  maxRedirects: 5,
} as const satisfies Omit<FetchPolicy, 'userAgent'>;
