import { promises as dns } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { SourceFetchError } from './errors.js';
import type { FetchPolicy, ResolvedAddress, ResolveHost } from './policy.js';

const lookupAll: ResolveHost = (host) => dns.lookup(host, { all: true });

/** Every global IPv6 allocation lies here; outside it: IPv4-compatible ::a.b.c.d, site-local fec0::/10 and more. */
const globalUnicast = ipaddr.IPv6.parseCIDR('2000::/3');

/**
 * True for public unicast addresses only: refuses loopback, private, link-local (cloud metadata),
 * unique-local, carrier-grade NAT, multicast, broadcast, unspecified, reserved, documentation, IPv6
 * outside global unicast, and the IPv6 forms that embed IPv4 (NAT64, 6to4, Teredo, IPv4-compatible,
 * ISATAP of a non-public IPv4). IPv4-mapped IPv6 is judged as the IPv4 it carries.
 */
export function isPublicAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  const address = ipaddr.process(ip);
  if (address.range() !== 'unicast') return false;
  if (address.kind() === 'ipv4') return true;
  const ipv6 = address as ipaddr.IPv6;
  return ipv6.match(globalUnicast) && !embedsNonPublicIsatap(ipv6);
}

/** An ISATAP interface id (RFC 5214: [0-3]00:5efe:a.b.c.d) tunnels to the IPv4 in its last 32 bits. */
function embedsNonPublicIsatap(address: ipaddr.IPv6): boolean {
  const bytes = address.toByteArray();
  const isIsatap = (bytes[8]! & ~0x03) === 0 && bytes[9] === 0 && bytes[10] === 0x5e && bytes[11] === 0xfe;
  return isIsatap && !isPublicAddress(bytes.slice(12).join('.'));
}

/** A URL's host name without the brackets of an IPv6 literal. */
function bareHost(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

/**
 * Resolves a host and returns the address to connect to, refusing the host when ANY of its addresses
 * is not allowed (so a name that mixes public and private answers cannot be used to reach inside).
 */
export async function resolveAllowedAddress(
  hostname: string,
  policy: Pick<FetchPolicy, 'allowPrivate' | 'isAllowedAddress' | 'resolve'>,
): Promise<ResolvedAddress> {
  const host = bareHost(hostname);
  const isAllowed = policy.isAllowedAddress ?? ((ip: string) => policy.allowPrivate || isPublicAddress(ip));
  const family = isIP(host);
  const addresses = family
    ? [{ address: host, family }]
    : await resolveHost(host, policy.resolve ?? lookupAll);
  const refused = addresses.find(({ address }) => !isAllowed(address));
  if (refused) {
    throw new SourceFetchError('privateAddress', `Refusing ${host}: it resolves to ${refused.address}.`);
  }
  return addresses[0]!;
}

async function resolveHost(host: string, resolve: ResolveHost): Promise<ResolvedAddress[]> {
  let addresses: ResolvedAddress[];
  try {
    addresses = await resolve(host);
  } catch (error) {
    throw new SourceFetchError('dnsFailed', `Could not resolve ${host}.`, { cause: error });
  }
  if (addresses.length === 0) throw new SourceFetchError('dnsFailed', `${host} has no addresses.`);
  return addresses;
}
