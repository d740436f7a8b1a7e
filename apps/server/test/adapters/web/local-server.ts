import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_FETCH_POLICY, type FetchPolicy } from '../../../src/adapters/web/index.js';

export type Handler = (request: IncomingMessage, response: ServerResponse) => void;

export interface LocalServer {
  port: number;
  /** http://127.0.0.1:PORT */
  origin: string;
  /** Every path (with query) requested, in order. */
  requested: string[];
  close(): Promise<void>;
}

export const USER_AGENT = 'VuxoBot/1.0 (+https://vuxo.example/bot)';

/** A policy for local test servers: private addresses allowed, short timeout. */
export function testPolicy(overrides: Partial<FetchPolicy> = {}): FetchPolicy {
  return {
    ...DEFAULT_FETCH_POLICY,
    allowPrivate: true,
    userAgent: USER_AGENT,
    timeoutMs: 5_000,
    ...overrides,
  };
}

/** Answers each path from `routes` (404 for others), on 127.0.0.1 and a free port. */
export async function startServer(routes: Record<string, Handler>): Promise<LocalServer> {
  const requested: string[] = [];
  const server: Server = createServer((request, response) => {
    const path = request.url ?? '/';
    requested.push(path);
    const handler = routes[path];
    if (handler) handler(request, response);
    else send(404, 'text/plain', 'Not found')(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    requested,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function send(
  status: number,
  contentType: string,
  body: string | Buffer,
  headers: Record<string, string> = {},
): Handler {
  return (_request, response) => {
    response.writeHead(status, { 'content-type': contentType, ...headers });
    response.end(body);
  };
}

export const html = (body: string) => send(200, 'text/html; charset=utf-8', body);

export const redirect = (location: string, status = 302) => send(status, 'text/plain', '', { location });

export const page = (title: string, body: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body>` +
  `<nav><a href="/">Home</a></nav><main><article><h1>${title}</h1>${body}</article></main></body></html>`;
