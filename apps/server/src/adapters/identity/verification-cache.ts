import { LruMap } from '../../lru-map.js';
import type { VerifiedIdentity } from './identity.js';

/** How long a verified token is taken on trust before the identity provider is asked again. */
export const VERIFIED_TOKEN_TRUST_MS = 30_000;
const TOKENS_KEPT = 10_000;

/**
 * Tokens verified lately, so that a signed-in owner's every request does not wait on the identity provider's
 * "is this user still enabled, is this token not revoked?" lookup (a network call). A token is kept for at most
 * VERIFIED_TOKEN_TRUST_MS and never past its own expiry: a revoked token or a disabled user is refused at most
 * that long after. Only successes are kept.
 */
export function verificationCache(options: { trustMs?: number; now?: () => number } = {}) {
  const trustMs = options.trustMs ?? VERIFIED_TOKEN_TRUST_MS;
  const now = options.now ?? Date.now;
  const entries = new LruMap<string, { identity: VerifiedIdentity; until: number }>(TOKENS_KEPT);

  return {
    get(token: string): VerifiedIdentity | null {
      const entry = entries.get(token);
      if (!entry) return null;
      if (entry.until <= now()) {
        entries.delete(token);
        return null;
      }
      return entry.identity;
    },
    /** Keeps a verified token until `expiresAtMs` or the trust period ends, whichever is first. */
    set(token: string, identity: VerifiedIdentity, expiresAtMs: number): void {
      const until = Math.min(now() + trustMs, expiresAtMs);
      if (until <= now()) return;
      entries.set(token, { identity, until });
    },
    get size(): number {
      return entries.size;
    },
  };
}
