import { promises as dns } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { SourceFetchError } from './errors.js';
import type { FetchPolicy, ResolvedAddress, ResolveHost } from './policy.js';

const lookupAll: ResolveHost = (host) => dns.lookup(host, { all: true });

/**
 * True for public unicast addresses only: refuses loopback, private, link-local (cloud metadata),
 * unique-local, carrier-grade NAT, multicast, broadcast, unspecified, reserved and the IPv6 ranges
 * that embed IPv4 (NAT64, 6to4, Teredo). IPv4-mapped IPv6 is judged as the IPv4 it carries.
 */
export function isPublicAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  return ipaddr.process(ip).range() === 'unicast';
}

/** A URL's host name without the brackets of an IPv6 literal. */
function bareHost(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

/**
 * Resolves a host and returns the address to connect to, refusing the host when ANY of its addresses
 * is not allowed (so a name that mixes public and private answers cannot be used to reach inside).
 */
export async function resolveAllowedAddress(hostname: string, policy: FetchPolicy): Promise<ResolvedAddress> {
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
