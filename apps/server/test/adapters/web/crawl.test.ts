import { crawlSite, type CrawlOptions } from '../../../src/adapters/web/index.js';
import { html, page, send, startServer, testPolicy, type Handler, type LocalServer } from './local-server.js';

const noDocuments = async () => ({ text: '' });
const xml = (body: string) => send(200, 'application/xml', `<?xml version="1.0" encoding="UTF-8"?>${body}`);
const urlset = (urls: string[]) =>
  xml(
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">' +
      urls.map((url) => `<url><loc>${url}</loc></url>`).join('') +
      '</urlset>',
  );

const READABLE = [
  '/',
  '/about',
  '/services',
  '/contact',
  '/team',
  '/pricing',
  '/faq',
  '/blog/first-post',
  '/news/opening',
];

/** A small bakery site: pages linked together, two sitemaps (one via an index), robots.txt and a 404. */
function bakeryRoutes(origin: () => string): Record<string, Handler> {
  const text = (topic: string) => `<p>Everything you need to know about ${topic} at the Corner Bakery.</p>`;
  return {
    '/robots.txt': (request, response) =>
      send(
        200,
        'text/plain',
        `User-agent: *\nDisallow: /private/\n\nSitemap: ${origin()}/news-sitemap.xml\n`,
      )(request, response),
    '/sitemap.xml': (request, response) =>
      xml(
        '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">' +
          `<sitemap><loc>${origin()}/sitemap-pages.xml</loc></sitemap>` +
          '<sitemap><loc>https://other.test/sitemap.xml</loc></sitemap></sitemapindex>',
      )(request, response),
    '/sitemap-pages.xml': (request, response) =>
      urlset([
        `${origin()}/blog/first-post`,
        `${origin()}/missing`,
        `${origin()}/private/hidden`,
        'https://other.test/page',
        `${origin()}/about`,
      ])(request, response),
    '/news-sitemap.xml': (request, response) => urlset([`${origin()}/news/opening`])(request, response),
    '/': html(
      page(
        'Corner Bakery',
        text('us') +
          '<p><a href="/about">About</a> <a href="/services">Services</a> <a href="/contact">Contact</a> ' +
          '<a href="/private/staff">Staff</a> <a href="https://other.test/">Partner</a> ' +
          '<a href="mailto:hi@bakery.test">Mail</a> <a href="/logo.png">Logo</a> <a href="/about#team">Team</a> ' +
          '<a href="/brochure.zip">Brochure</a></p>',
      ),
    ),
    '/about': html(page('About', text('our history') + '<a href="/team">Team</a>')),
    '/services': html(
      page('Services', text('catering') + '<a href="/pricing">Prices</a> <a href="/faq">FAQ</a>'),
    ),
    '/contact': html(page('Contact', text('opening hours'))),
    '/team': html(page('Team', text('the bakers'))),
    '/pricing': html(
      page('Pricing', '<table><tr><th>Loaf</th><th>Price</th></tr><tr><td>Rye</td><td>$5</td></tr></table>'),
    ),
    '/faq': html(page('FAQ', text('allergies'))),
    '/blog/first-post': html(page('First post', text('our new oven'))),
    '/news/opening': html(page('Opening', text('the new shop'))),
    '/private/staff': html(page('Staff', text('rotas'))),
    '/private/hidden': html(page('Hidden', text('secrets'))),
  };
}

const SITE_FILES = ['/robots.txt', '/sitemap.xml', '/sitemap-pages.xml', '/news-sitemap.xml'];

let site: LocalServer;
afterEach(() => site?.close());

async function startBakery(wrap: (handler: Handler) => Handler = (handler) => handler): Promise<LocalServer> {
  const routes = bakeryRoutes(() => site.origin);
  return startServer(
    Object.fromEntries(Object.entries(routes).map(([path, handler]) => [path, wrap(handler)])),
  );
}

const options = (overrides: Partial<CrawlOptions> = {}): CrawlOptions => ({
  ...testPolicy(),
  maxPages: 50,
  maxTotalBytes: 10_000_000,
  ...overrides,
});

const pathsOf = (urls: string[]) => urls.map((url) => url.replace(site.origin, ''));

describe('crawlSite', () => {
  it('reads the same-origin pages robots.txt allows, from links and sitemaps, and lists failures', async () => {
    site = await startBakery();
    const result = await crawlSite(`${site.origin}/`, options(), noDocuments);
    expect(pathsOf(result.pages.map((page) => page.url)).sort()).toEqual([...READABLE].sort());
    expect(result.pages[0]).toMatchObject({ url: `${site.origin}/`, title: 'Corner Bakery' });
    expect(result.pages.find((page) => page.title === 'Pricing')?.text).toContain('Loaf: Rye; Price: $5');
    const failures = result.failures.map(({ url, reason }) => ({ path: pathsOf([url])[0], reason }));
    expect(failures).toEqual(
      expect.arrayContaining([
        { path: '/private/staff', reason: 'robotsDisallowed' },
        { path: '/private/hidden', reason: 'robotsDisallowed' },
        { path: '/missing', reason: 'httpStatus' },
      ]),
    );
    expect(failures).toHaveLength(3);
    // Each allowed page once, and never a disallowed path, a file link or another origin.
    expect([...site.requested].sort()).toEqual([...READABLE, ...SITE_FILES, '/missing'].sort());
  });

  it('stops at maxPages, the start page included', async () => {
    site = await startBakery();
    const result = await crawlSite(`${site.origin}/`, options({ maxPages: 3 }), noDocuments);
    expect(pathsOf(result.pages.map((page) => page.url))).toEqual(['/', '/about', '/services']);
    expect(site.requested.filter((path) => !SITE_FILES.includes(path))).toHaveLength(3);
  });

  it('stops at maxTotalBytes', async () => {
    site = await startBakery();
    const all = await crawlSite(`${site.origin}/`, options(), noDocuments);
    const firstTwo = all.pages[0]!.bytes + all.pages[1]!.bytes;
    const capped = await crawlSite(`${site.origin}/`, options({ maxTotalBytes: firstTwo + 10 }), noDocuments);
    expect(capped.pages.length).toBeGreaterThanOrEqual(2);
    expect(capped.pages.length).toBeLessThan(all.pages.length);
    expect(capped.pages.reduce((sum, page) => sum + page.bytes, 0)).toBeLessThanOrEqual(firstTwo + 10);
  });

  it('reads at most two pages at a time', async () => {
    let inFlight = 0;
    let most = 0;
    site = await startBakery((handler) => (request, response) => {
      most = Math.max(most, ++inFlight);
      setTimeout(() => {
        inFlight--;
        handler(request, response);
      }, 30);
    });
    const result = await crawlSite(`${site.origin}/`, options(), noDocuments);
    expect(result.pages).toHaveLength(READABLE.length);
    expect(most).toBe(2);
  });

  it('starts from a sitemap when given one', async () => {
    site = await startBakery();
    const result = await crawlSite(`${site.origin}/sitemap-pages.xml`, options({ maxPages: 2 }), noDocuments);
    expect(pathsOf(result.pages.map((page) => page.url)).sort()).toEqual(['/about', '/blog/first-post']);
    expect(site.requested).not.toContain('/sitemap.xml');
  });

  it('honours a robots.txt group for our user agent', async () => {
    site = await startServer({
      '/robots.txt': send(200, 'text/plain', 'User-agent: VuxoBot\nDisallow: /\n\nUser-agent: *\nAllow: /'),
      '/': html(page('Home', '<p>Welcome.</p>')),
    });
    const result = await crawlSite(`${site.origin}/`, options(), noDocuments);
    expect(result).toEqual({ pages: [], failures: [{ url: `${site.origin}/`, reason: 'robotsDisallowed' }] });
    expect(site.requested).not.toContain('/');
  });

  it('reports a start address it may not read, without throwing', async () => {
    const result = await crawlSite('http://169.254.169.254/', options({ allowPrivate: false }), noDocuments);
    expect(result).toEqual({
      pages: [],
      failures: [{ url: 'http://169.254.169.254/', reason: 'privateAddress' }],
    });
    expect(await crawlSite('not a url', options(), noDocuments)).toEqual({
      pages: [],
      failures: [{ url: 'not a url', reason: 'invalidUrl' }],
    });
  });
});
