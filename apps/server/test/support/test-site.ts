import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A page's route and what it sends. */
type Route = (response: ServerResponse) => void;

export interface TestSite {
  /** http://127.0.0.1:PORT */
  origin: string;
  /** Every path requested, in order. */
  requested: string[];
  close(): Promise<void>;
}

export const htmlPage = (title: string, body: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body><nav><a href="/">Home</a></nav>` +
  `<main><article><h1>${title}</h1>${body}</article></main><footer>Harbourview</footer></body></html>`;

const html =
  (body: string): Route =>
  (response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(body);
  };

/** The clinic's website: pages with facts the handbook lacks, a robots.txt, a sitemap, and pages that fail. */
export const CLINIC_SITE_FACT = {
  title: 'Aquatic therapy',
  question: 'When are the aquatic therapy classes?',
  facts: ['Wednesday', '6:30'],
};

/** More therapists' pages than a Pro crawl reads (its cap is 100 pages). */
export const THERAPISTS = Array.from({ length: 110 }, (_, i) => i + 1);

function clinicRoutes(origin: () => string): Record<string, Route> {
  const routes: Record<string, Route> = {
    '/': html(
      htmlPage(
        'Harbourview Physiotherapy',
        '<p>Welcome to our clinic on Queens Quay. Read about <a href="/aquatic">aquatic therapy</a>, ' +
          '<a href="/team">our team</a>, <a href="/private/notes">staff notes</a> and ' +
          '<a href="https://elsewhere.example/">a partner</a>.</p>',
      ),
    ),
    '/aquatic': html(
      htmlPage(
        CLINIC_SITE_FACT.title,
        '<p>Aquatic therapy classes run in the Queens Quay community pool every Wednesday at 6:30 PM. ' +
          'A class costs $25 and is led by a physiotherapist. Bring a towel and a swimsuit.</p>' +
          '<p>Warm water eases the load on sore joints, so the classes suit clients recovering from ' +
          'knee and hip surgery.</p>',
      ),
    ),
    '/team': html(
      htmlPage(
        'Our team',
        '<p>Our physiotherapists speak English, French and Portuguese.</p><p><a href="/team/1">More</a></p>',
      ),
    ),
    '/private/notes': html(htmlPage('Staff notes', '<p>The alarm code is 4471.</p>')),
    '/robots.txt': (response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end(`User-agent: *\nDisallow: /private/\nSitemap: ${origin()}/sitemap.xml\n`);
    },
    '/sitemap.xml': (response) => {
      response.writeHead(200, { 'content-type': 'application/xml' });
      const pages = ['/', '/aquatic', '/team', '/private/notes', ...THERAPISTS.map((n) => `/team/${n}`)];
      response.end(
        `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` +
          pages.map((path) => `<url><loc>${origin()}${path}</loc></url>`).join('') +
          `</urlset>`,
      );
    },
    // Never answers: the read times out.
    '/slow': () => undefined,
    '/huge': (response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      const chunk = `<p>${'filler words '.repeat(800)}</p>`;
      for (let i = 0; i < 800; i++) response.write(chunk);
      response.end();
    },
    '/logo.png': (response) => {
      response.writeHead(200, { 'content-type': 'image/png' });
      response.end(Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'));
    },
  };
  for (const n of THERAPISTS) {
    routes[`/team/${n}`] = html(
      htmlPage(`Therapist ${n}`, `<p>Therapist ${n} treats sports injuries on weekday mornings.</p>`),
    );
  }
  return routes;
}

/** Starts the clinic's website on 127.0.0.1. */
export async function startClinicSite(): Promise<TestSite> {
  const requested: string[] = [];
  let origin = '';
  const routes = clinicRoutes(() => origin);
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    requested.push(path);
    const route = routes[path];
    if (route) return route(response);
    response.writeHead(404, { 'content-type': 'text/html' });
    response.end(htmlPage('Not found', '<p>No such page.</p>'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    requested,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
