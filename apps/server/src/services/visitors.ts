import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { VISITOR_ID_MAX } from '@vuxo/shared';
import { LruMap } from '../lru-map.js';

/**
 * Who a widget visitor is, for the daily message limit, without accounts:
 * - a visitor id the server issues: a random part and its HMAC, so a client cannot make up ids that look like
 *   someone else's, and the server needs no table of ids; the widget keeps it (localStorage) and sends it back;
 * - a network key: an HMAC of the client's network address (an IPv6 /64, where one household or phone gets
 *   many addresses), held to a looser ceiling (message-limits.ts, NETWORK_SHARE), so a client that drops its
 *   id for a new one cannot go on forever. It does not reveal the address: only the HMAC is stored.
 */

const SECRET_FILE = 'app-secret';

/**
 * The server's secret: APP_SECRET, or locally (where it is not set) a random one made once and kept in
 * DATA_DIR/app-secret (mode 0600), so visitor ids stay valid across restarts.
 */
export function appSecretFor(config: { appSecret: string | null; dataDir: string }): Buffer {
  if (config.appSecret) return Buffer.from(config.appSecret, 'utf8');
  const file = path.join(config.dataDir, SECRET_FILE);
  mkdirSync(config.dataDir, { recursive: true });
  try {
    writeFileSync(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new Error(`${file} holds no usable secret: delete it to make a new one`);
  return Buffer.from(secret, 'utf8');
}

/** A key for one purpose, derived from the app secret (the secret itself signs nothing). */
function subkey(secret: Buffer, purpose: string): Buffer {
  return createHmac('sha256', secret).update(`vuxo:${purpose}:v1`).digest();
}

const RANDOM_BYTES = 15;
const MAC_BYTES = 12;
const VISITOR_ID = /^([A-Za-z0-9_-]{20})\.([A-Za-z0-9_-]{16})$/;

/** The network part that identifies a client: IPv4 as is, IPv6 cut to its /64, IPv4-mapped IPv6 as IPv4. */
export function networkOf(address: string): string {
  const plain = address
    .trim()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(plain);
  if (mapped?.[1]) return mapped[1];
  if (isIP(plain) !== 6) return plain;
  const [head = '', tail = ''] = plain.toLowerCase().split('::');
  const headParts = head ? head.split(':') : [];
  const tailParts = tail ? tail.split(':') : [];
  const missing = plain.includes('::') ? 8 - headParts.length - tailParts.length : 0;
  const groups = [...headParts, ...Array<string>(Math.max(0, missing)).fill('0'), ...tailParts];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * A pure function of a string with its latest results kept: a visitor sends the same id from the same address
 * with every message, and an HMAC per key per message was a measurable share of answering it.
 */
function remembered<T>(compute: (input: string) => T, keep = 10_000): (input: string) => T {
  const results = new LruMap<string, T>(keep);
  return (input) => {
    if (results.has(input)) return results.get(input) as T;
    const result = compute(input);
    results.set(input, result);
    return result;
  };
}

export function visitorIdentity(secret: Buffer) {
  const idKey = subkey(secret, 'visitor-id');
  const networkKey = subkey(secret, 'visitor-network');
  const mac = (random: string) => createHmac('sha256', idKey).update(random).digest().subarray(0, MAC_BYTES);
  const randomPartOf = remembered((id: string): string | null => {
    const match = VISITOR_ID.exec(id);
    if (!match?.[1] || !match[2]) return null;
    const given = Buffer.from(match[2], 'base64url');
    const expected = mac(match[1]);
    return given.length === expected.length && timingSafeEqual(given, expected) ? match[1] : null;
  });
  const networkKeyOf = remembered((network: string) =>
    createHmac('sha256', networkKey).update(network).digest('base64url').slice(0, 32),
  );

  return {
    /** A new signed visitor id. */
    issue(): string {
      const random = randomBytes(RANDOM_BYTES).toString('base64url');
      return `${random}.${mac(random).toString('base64url')}`;
    },
    /** The id's random part when the id is one this server issued; null otherwise. */
    verify(id: string | null | undefined): string | null {
      if (!id || id.length > VISITOR_ID_MAX) return null;
      return randomPartOf(id);
    },
    /** The network (every browser behind one address), for a looser daily ceiling. */
    networkKey(address: string): string {
      return networkKeyOf(networkOf(address));
    },
  };
}
export type VisitorIdentity = ReturnType<typeof visitorIdentity>;
