import type { IncomingMessage } from 'node:http';
import {
  SourceFetchError,
  openResponse,
  resolveAllowedAddress,
  startDeadline,
  untilAborted,
} from '../web/index.js';

export interface WebhookPost {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** The receiver's status and the start of its answer (for the log). */
export interface WebhookAnswer {
  status: number;
  body: string;
}

/** Why an address is refused before anything is sent: not https, a private address, or no such host. */
export type AddressRefusal = 'httpsRequired' | 'addressRefused' | 'hostUnknown';

export class WebhookAddressError extends Error {
  override name = 'WebhookAddressError';
  constructor(
    readonly reason: AddressRefusal,
    message: string,
  ) {
    super(message);
  }
}

export interface WebhookPoster {
  /** Refuses an address a delivery may not go to (the website sources' guard; DNS is asked each time). */
  check(url: string): Promise<void>;
  /** One POST: checked address pinned, no redirects followed, one deadline, the answer read up to a cap. */
  post(request: WebhookPost, signal?: AbortSignal): Promise<WebhookAnswer>;
}

export interface WebhookPosterOptions {
  /** ALLOW_PRIVATE_URLS: plain http and private addresses too (local development and tests). */
  allowPrivate: boolean;
  timeoutMs: number;
  maxResponseBytes: number;
}

/** Webhook deliveries over the web, behind the same address guard as website sources. */
export function webhookPoster(options: WebhookPosterOptions): WebhookPoster {
  const policy = { allowPrivate: options.allowPrivate };

  async function target(address: string) {
    const url = new URL(address);
    if (url.protocol !== 'https:' && !(options.allowPrivate && url.protocol === 'http:'))
      throw new WebhookAddressError('httpsRequired', `Not an https address: ${address}`);
    try {
      return { url, resolved: await resolveAllowedAddress(url.hostname, policy) };
    } catch (error) {
      if (error instanceof SourceFetchError && error.reason === 'privateAddress')
        throw new WebhookAddressError('addressRefused', error.message);
      if (error instanceof SourceFetchError && error.reason === 'dnsFailed')
        throw new WebhookAddressError('hostUnknown', error.message);
      throw error;
    }
  }

  return {
    async check(url) {
      await target(url);
    },
    async post(request, outer) {
      const deadline = startDeadline(options.timeoutMs, outer);
      try {
        const { url, resolved } = await untilAborted(target(request.url), deadline.signal);
        const headers = { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) };
        const response = await openResponse(url, resolved, headers, deadline.signal, request.body);
        const body = await readSome(response, options.maxResponseBytes, deadline.signal);
        return { status: response.statusCode ?? 0, body };
      } catch (error) {
        throw deadline.signal.aborted ? deadline.signal.reason : error;
      } finally {
        deadline.dispose();
      }
    },
  };
}

/** Up to `maxBytes` of the answer; the rest is never read (the socket is closed). */
async function readSome(response: IncomingMessage, maxBytes: number, signal: AbortSignal): Promise<string> {
  const abort = () => response.destroy(signal.reason);
  signal.addEventListener('abort', abort, { once: true });
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of response as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= maxBytes) break;
    }
  } finally {
    signal.removeEventListener('abort', abort);
    response.destroy();
  }
  return Buffer.concat(chunks, size).subarray(0, maxBytes).toString('utf8');
}
