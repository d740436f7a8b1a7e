import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { BlockList, isIP, type Socket } from 'node:net';
import { normalizeIP } from '@fastify/rate-limit';
import type { Config } from '../config.js';

/**
 * How long a client may take over a request and how many connections it may hold (decision 015). The
 * timeouts are sized for the Free Trial's upload, 5 MiB (DOCUMENT_MAX_BYTES), over a slow line; Pro's 100 MB
 * documents need a line of 3 Mbit/s or more to arrive within the request timeout.
 */
export interface ConnectionLimits {
  /** Request line and headers (16 KB at most): ample on any line. Also closes a connection that sends nothing. */
  headersTimeoutMs: number;
  /** The whole request, body included: 5 minutes carry 5 MiB at 140 kbit/s. It stops once the request is in. */
  requestTimeoutMs: number;
  /** No byte either way while a request is handled (an upload waiting for an extraction slot, a model call). */
  idleTimeoutMs: number;
  /**
   * Between requests on a kept-alive connection: longer than the 60 s for which proxies in front (nginx, cloud
   * load balancers) keep an idle connection, so a proxy never reuses one the server is closing.
   */
  keepAliveTimeoutMs: number;
  /** How often Node checks the two timeouts above; its default, 30 s, would let a 20 s limit run to 50 s. */
  checkEveryMs: number;
  /**
   * Open connections from one address (an IPv6 address counts by its /64): a browser opens at most 6 to a site,
   * so this leaves room for an office behind one NAT address. A trusted proxy (TRUST_PROXY) is not capped.
   */
  perAddress: number;
  /** Open connections in all: at most half the process's file descriptors, the rest for files and processes. */
  total: number;
}

const MAX_TOTAL_CONNECTIONS = 10_000;

export const CONNECTION_LIMITS: Readonly<ConnectionLimits> = {
  headersTimeoutMs: 20_000,
  requestTimeoutMs: 300_000,
  idleTimeoutMs: 120_000,
  keepAliveTimeoutMs: 65_000,
  checkEveryMs: 5_000,
  perAddress: 256,
  total: Math.min(MAX_TOTAL_CONNECTIONS, Math.floor((openFileLimit() ?? MAX_TOTAL_CONNECTIONS * 2) / 2)),
};

/** The process's open-file limit (Linux; Node raises it to the hard limit at start), or null if unknown. */
function openFileLimit(): number | null {
  try {
    const match = /^Max open files\s+(\d+)/m.exec(readFileSync('/proc/self/limits', 'utf8'));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/** Fastify's server options for these limits (Fastify sets requestTimeout after Node checks it, so both). */
export function serverTimeouts(limits: ConnectionLimits) {
  return {
    connectionTimeout: limits.idleTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: limits.checkEveryMs,
    },
  };
}

/**
 * Caps open connections in all (Node drops those over `maxConnections`) and per client address: a connection
 * over its address's cap is closed as soon as it is accepted. The address is the socket's, so a trusted proxy
 * (which speaks for many clients and limits them itself) is not capped per address.
 */
export function capConnections(
  server: Server,
  limits: Pick<ConnectionLimits, 'perAddress' | 'total'>,
  isTrustedProxy: (address: string) => boolean,
): void {
  server.maxConnections = limits.total;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (!address || isTrustedProxy(address)) return;
    const key = normalizeIP(address);
    const count = open.get(key) ?? 0;
    if (count >= limits.perAddress) {
      socket.destroy();
      return;
    }
    open.set(key, count + 1);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    });
  });
}

/**
 * Whether an address (IPv4-mapped IPv6 read as IPv4) is a proxy TRUST_PROXY names. A hop count names none by address:
 * it trusts whoever connects, so the server must be reachable only through the proxy (README).
 */
export function trustedProxyCheck(trusted: Config['trustProxy']): (address: string) => boolean {
  if (trusted === false) return () => false;
  if (typeof trusted === 'number') return () => true;
  const proxies = new BlockList();
  for (const entry of trusted) {
    const [address = '', prefix] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) proxies.addAddress(address, type);
    else proxies.addSubnet(address, Number(prefix), type);
  }
  return (address) => {
    const plain = normalizeIP(address, 128);
    return proxies.check(plain, isIP(plain) === 6 ? 'ipv6' : 'ipv4');
  };
}
