import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { ResolvedAddress } from './policy.js';

/** A DNS lookup that always answers with the address already checked, so rebinding cannot swap it. */
function pinnedLookup({ address, family }: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

/**
 * Sends one GET (or, with a `body`, a POST) to `target` (the checked address of `url`'s host) and resolves with
 * the response once its headers arrive. Aborting `signal` destroys the request and its socket.
 */
export function openResponse(
  url: URL,
  target: ResolvedAddress,
  headers: Record<string, string>,
  signal: AbortSignal,
  body?: string,
): Promise<IncomingMessage> {
  if (signal.aborted) return Promise.reject(signal.reason);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    // agent: false gives each request its own connection: no pooled socket outlives its checked address.
    const method = body === undefined ? 'GET' : 'POST';
    const options = { method, headers, lookup: pinnedLookup(target), agent: false as const };
    const request = client.request(url, options, resolve);
    const abort = () => request.destroy(signal.reason);
    signal.addEventListener('abort', abort, { once: true });
    request.on('close', () => signal.removeEventListener('abort', abort));
    request.on('error', reject);
    request.end(body);
  });
}
