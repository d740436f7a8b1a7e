import { describe, expect, it } from 'vitest';
import {
  VERIFIED_TOKEN_TRUST_MS,
  verificationCache,
} from '../../src/adapters/identity/verification-cache.js';

const owner = { uid: 'u1', email: 'owner@example.com', displayName: 'Owner', emailVerified: true };

function clock(start = 1_000_000) {
  let time = start;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

describe('verificationCache', () => {
  it('takes a verified token on trust for the trust period, then asks again', () => {
    const time = clock();
    const cache = verificationCache({ now: time.now });
    cache.set('token-a', owner, time.now() + 60 * 60 * 1000);
    expect(cache.get('token-a')).toEqual(owner);
    time.advance(VERIFIED_TOKEN_TRUST_MS - 1);
    expect(cache.get('token-a')).toEqual(owner);
    time.advance(1);
    expect(cache.get('token-a')).toBeNull();
    expect(cache.get('token-b')).toBeNull();
  });

  it('never keeps a token past its own expiry', () => {
    const time = clock();
    const cache = verificationCache({ now: time.now });
    cache.set('soon', owner, time.now() + 5_000);
    time.advance(5_000);
    expect(cache.get('soon')).toBeNull();
    cache.set('expired', owner, time.now() - 1);
    expect(cache.get('expired')).toBeNull();
    expect(cache.size).toBe(0);
  });
});
