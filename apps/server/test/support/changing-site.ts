import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { htmlPage } from './test-site.js';

/** How a page of the changing site answers conditional requests. */
export type Validation = 'etag' | 'last-modified' | 'none';

export interface ChangingPage {
  title: string;
  /** The page's body HTML; change it between reads. */
  body: string;
  validation: Validation;
  /** Answer with this status instead of the page (404, 500…); null: the page. */
  status: number | null;
  /** Changed whenever `body` is changed through `set`. */
  modifiedAt: Date;
}

export interface ChangingSite {
  origin: string;
  pages: Map<string, ChangingPage>;
  /** Adds or changes a page; a changed body moves its Last-Modified. */
  set(path: string, page: Partial<ChangingPage> & { body?: string }): void;
  /** Every request, in order: path, conditional headers, and the status sent. */
  requests: { path: string; headers: IncomingHttpHeaders; status: number }[];
  close(): Promise<void>;
}

const etagOf = (body: string) => `"${createHash('sha256').update(body).digest('hex').slice(0, 16)}"`;

/**
 * A small business's website on 127.0.0.1 whose pages a test changes between reads. Each page validates by ETag,
 * by Last-Modified, or not at all (then only the reader's content hash can tell it did not change). robots.txt
 * keeps /private out.
 */
export async function startChangingSite(): Promise<ChangingSite> {
  const pages = new Map<string, ChangingPage>();
  const requests: ChangingSite['requests'] = [];
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const send = (status: number, headers: Record<string, string>, body = '') => {
      requests.push({ path, headers: request.headers, status });
      response.writeHead(status, headers);
      response.end(body);
    };
    if (path === '/robots.txt')
      return send(200, { 'content-type': 'text/plain' }, 'User-agent: *\nDisallow: /private\n');
    const page = pages.get(path);
    if (!page)
      return send(404, { 'content-type': 'text/html' }, htmlPage('Not found', '<p>No such page.</p>'));
    if (page.status !== null)
      return send(page.status, { 'content-type': 'text/html' }, htmlPage('Error', '<p>Error.</p>'));
    const html = htmlPage(page.title, page.body);
    const headers: Record<string, string> = { 'content-type': 'text/html; charset=utf-8' };
    if (page.validation === 'etag') {
      headers.etag = etagOf(html);
      if (request.headers['if-none-match'] === headers.etag) return send(304, headers);
    }
    if (page.validation === 'last-modified') {
      headers['last-modified'] = page.modifiedAt.toUTCString();
      const since = request.headers['if-modified-since'];
      if (since && Date.parse(since) >= Math.floor(page.modifiedAt.getTime() / 1000) * 1000)
        return send(304, headers);
    }
    send(200, headers, html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    pages,
    requests,
    set(path, change) {
      const old = pages.get(path);
      const changed = change.body !== undefined && change.body !== old?.body;
      pages.set(path, {
        title: 'Page',
        body: '',
        validation: 'none',
        status: null,
        ...old,
        ...change,
        modifiedAt: changed || !old ? new Date(Date.now() - (old ? 0 : 60_000)) : old.modifiedAt,
      });
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
