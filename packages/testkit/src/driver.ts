import { request as httpRequest } from 'node:http';

/**
 * How a test talks to the app: the same calls over Fastify's `inject` (server tests, no sockets) or over
 * `fetch` (a running server: browser tests and benchmarks).
 */
export interface Call {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  /** An ID token, sent as a bearer. */
  token?: string;
  /** A JSON body. */
  json?: unknown;
  /** A multipart body (an upload). */
  form?: FormData;
  headers?: Record<string, string>;
}

export interface Reply {
  status: number;
  text: string;
  json<T = unknown>(): T;
}

export type Driver = (call: Call) => Promise<Reply>;

/** What a Fastify instance offers for `inject` (kept structural, so the kit does not depend on Fastify). */
export interface Injectable {
  inject(options: {
    method: string;
    url: string;
    headers: Record<string, string>;
    payload?: string | Buffer;
  }): Promise<{ statusCode: number; body: string }>;
}

const replyOf = (status: number, text: string): Reply => ({
  status,
  text,
  json: <T>() => JSON.parse(text) as T,
});

/** The call's headers and body as bytes: a FormData is encoded exactly as fetch would send it. */
async function encode(
  call: Call,
): Promise<{ headers: Record<string, string>; body?: Uint8Array<ArrayBuffer> | string }> {
  const headers: Record<string, string> = { ...call.headers };
  if (call.token) headers.authorization = `Bearer ${call.token}`;
  if (call.form) {
    const request = new Request('http://kit.invalid/', { method: 'POST', body: call.form });
    headers['content-type'] = request.headers.get('content-type') ?? '';
    return { headers, body: new Uint8Array(await request.arrayBuffer()) };
  }
  if (call.json !== undefined) {
    headers['content-type'] = 'application/json';
    return { headers, body: JSON.stringify(call.json) };
  }
  return { headers };
}

export function injectDriver(app: Injectable): Driver {
  return async (call) => {
    const { headers, body } = await encode(call);
    const res = await app.inject({
      method: call.method ?? (body === undefined ? 'GET' : 'POST'),
      url: call.url,
      headers,
      ...(body === undefined ? {} : { payload: typeof body === 'string' ? body : Buffer.from(body) }),
    });
    return replyOf(res.statusCode, res.body);
  };
}

/**
 * Calls a running server. With `localAddress` (an address of this machine, such as 127.0.0.7) the calls leave
 * from it, so the server's per-address limits count them as another visitor's.
 */
export function fetchDriver(baseUrl: string, options: { localAddress?: string } = {}): Driver {
  const base = baseUrl.replace(/\/+$/, '');
  return async (call) => {
    const { headers, body } = await encode(call);
    const method = call.method ?? (body === undefined ? 'GET' : 'POST');
    if (options.localAddress)
      return requestFrom(options.localAddress, `${base}${call.url}`, method, headers, body);
    const res = await fetch(`${base}${call.url}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body }),
    });
    return replyOf(res.status, await res.text());
  };
}

/** One HTTP call from a given local address (fetch cannot choose it). */
function requestFrom(
  localAddress: string,
  url: string,
  method: string,
  headers: Record<string, string>,
  body: Uint8Array | string | undefined,
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const family = localAddress.includes(':') ? 6 : 4;
    const req = httpRequest(url, { method, headers, localAddress, family }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve(replyOf(res.statusCode ?? 0, Buffer.concat(chunks).toString('utf8'))));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Polls until `done` holds for what `read` returns, or fails with the last value after `timeoutMs`: every
 * `pollMs` when given, else from 50 ms backing off to 500 ms (a long build polled over HTTP stays far below the
 * per-address request ceiling).
 */
export async function waitFor<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 30_000,
  pollMs?: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 0; ; attempt++) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting; last value: ${JSON.stringify(value)}`);
    const delay = pollMs ?? Math.min(500, 50 * 1.5 ** attempt);
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}
