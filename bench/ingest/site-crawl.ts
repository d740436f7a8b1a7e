import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API } from '@vuxo/shared';

/** Pages of the generated site, each linked from the one before and listed in its sitemap. */
export const SITE_PAGES = 50;

/** A business page of about 400 words with a header, a menu and a footer around the article. */
function page(n: number, origin: string): string {
  const paragraphs = Array.from(
    { length: 8 },
    (_, p) =>
      `<p>Location ${n} offers service ${p} on weekdays from ${(p % 4) + 8} am to ${(p % 3) + 4} pm. ` +
      `A visit costs $${((n * 7 + p) % 90) + 20}, and booking ahead by phone or online is recommended for ` +
      `groups of more than ${(p % 5) + 3} people. Parking is free for the first hour.</p>`,
  ).join('');
  const menu = Array.from({ length: 10 }, (_, i) => `<li><a href="/page/${i + 1}">Page ${i + 1}</a></li>`);
  return (
    `<!doctype html><html><head><title>Location ${n}</title></head><body>` +
    `<header><nav><ul>${menu.join('')}</ul></nav></header>` +
    `<main><article><h1>Location ${n}</h1><h2>Services</h2>${paragraphs}` +
    `<p><a href="${origin}/page/${(n % SITE_PAGES) + 1}">Next location</a></p></article></main>` +
    `<footer>© Bench Business</footer></body></html>`
  );
}

/** Starts the site on 127.0.0.1: robots.txt, a sitemap and SITE_PAGES pages. */
export async function startBenchSite(): Promise<{ origin: string; close(): Promise<void> }> {
  let origin = '';
  const server: Server = createServer((request, response) => {
    const path = request.url ?? '/';
    if (path === '/robots.txt') {
      response.writeHead(200, { 'content-type': 'text/plain' });
      return response.end(`User-agent: *\nAllow: /\nSitemap: ${origin}/sitemap.xml\n`);
    }
    if (path === '/sitemap.xml') {
      const urls = Array.from(
        { length: SITE_PAGES },
        (_, i) => `<url><loc>${origin}/page/${i + 1}</loc></url>`,
      );
      response.writeHead(200, { 'content-type': 'application/xml' });
      return response.end(
        `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}</urlset>`,
      );
    }
    const match = /^\/page\/(\d+)$/.exec(path);
    const n = match ? Number(match[1]) : 0;
    if (n < 1 || n > SITE_PAGES) {
      response.writeHead(404);
      return response.end();
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(page(n, origin));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * Adds the site as a Pro owner's website source through the API and times it until Ready: fetching, reading
 * and rebuilding the bot's knowledge. Returns milliseconds and the pages read.
 */
export async function timeSiteSource(options: {
  baseUrl: string;
  token: string;
  botId: string;
  siteOrigin: string;
}): Promise<{ ms: number; pages: number }> {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${options.token}` };
  const started = performance.now();
  const added = await fetch(`${options.baseUrl}${API.addBotSource}`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ botId: options.botId, url: `${options.siteOrigin}/page/1`, kind: 'site' }),
  });
  if (!added.ok) throw new Error(`adding the site failed: ${added.status} ${await added.text()}`);
  const { id } = (await added.json()) as { id: string };
  for (;;) {
    const listed = await fetch(`${options.baseUrl}${API.botSources}?botId=${options.botId}`, { headers });
    const { sources } = (await listed.json()) as {
      sources: { id: string; status: string; pageCount?: number; error?: string }[];
    };
    const source = sources.find((s) => s.id === id)!;
    if (source.status === 'failed') throw new Error(`the crawl failed: ${source.error}`);
    if (source.status === 'ready') return { ms: performance.now() - started, pages: source.pageCount ?? 0 };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
