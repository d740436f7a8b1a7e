import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { BLOG_ARTICLE_PATHS, INDEXED_ROUTES, MARKETING_ROUTES, ROUTES } from '@vuxo/shared';
import { preferredEncoding } from '../../src/http/compressed-page.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const INDEX = `<!doctype html><html><head><!--app-config--></head><body><div id="root"></div>${'<p>words</p>'.repeat(200)}</body></html>`;
const SCRIPT = `export const words = ${JSON.stringify('compressible '.repeat(500))};`;

describe('web delivery: compressed pages and assets, real 404s, no source maps', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'vuxo-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), INDEX);
    const script = path.join(webDist, 'assets', 'app-abc123.js');
    writeFileSync(script, SCRIPT);
    writeFileSync(`${script}.br`, brotliCompressSync(SCRIPT));
    writeFileSync(`${script}.gz`, gzipSync(SCRIPT));
    writeFileSync(`${script}.map`, '{"version":3,"sources":["secret/source.ts"]}');
    t = await startTestApp({ webDist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('sends the app page brotli or gzip compressed when the browser accepts it, plain otherwise', async () => {
    const plain = await get('/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<div id="root">');
    expect(plain.headers.vary).toMatch(/accept-encoding/i);

    const br = await get('/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const gzip = await get('/plans', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);

    const refused = await get('/', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it("sends an asset as the build's compressed copy, with its own type and long caching", async () => {
    const res = await get('/assets/app-abc123.js', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);

    const gzip = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('never sends source maps or the compressed copies by name', async () => {
    for (const url of ['/assets/app-abc123.js.map', '/assets/app-abc123.js.br', '/assets/app-abc123.js.gz']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('secret/source.ts');
    }
  });

  it("answers unknown paths 404 with the app's page, and the app's own pages 200", async () => {
    for (const url of [
      '/.env',
      '/data/vuxo.db',
      '/no-such-page',
      '/about/team',
      '/wp-login.php',
      '/blogs/no-such-article',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
    }
    const known = [
      ...MARKETING_ROUTES,
      ...BLOG_ARTICLE_PATHS,
      ROUTES.login,
      ROUTES.plans,
      ROUTES.payment,
      ROUTES.paymentSuccess,
      ROUTES.wizard,
      ROUTES.personalize(3),
      ROUTES.workflowChat,
      ROUTES.dashboard,
      ROUTES.portfolioItems,
      '/about/',
      '/plans?plan=basic',
    ];
    for (const url of known) expect((await get(url)).statusCode, url).toBe(200);
  });

  it('answers the staff console as it answers an unknown page: no page request carries who is asking', async () => {
    const unknown = await get('/no-such-page');
    for (const url of [
      ROUTES.admin,
      `${ROUTES.admin}/`,
      `${ROUTES.admin}?list=users`,
      `${ROUTES.admin}/users`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toBe(unknown.headers['content-type']);
      expect(res.body, url).toBe(unknown.body);
    }
  });
});

describe('prerendered site pages', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'vuxo-web-'));
    webDist = path.join(root, 'dist');
    mkdirSync(webDist);
    mkdirSync(path.join(root, 'dist-ssr'));
    writeFileSync(
      path.join(webDist, 'index.html'),
      '<html><head><meta name="description" content="Default." /><title>Default</title><!--app-config--></head><body><div id="root"></div></body></html>',
    );
    // A stand-in for the web build's server entry: the page's path and the config it was given, as markup.
    writeFileSync(
      path.join(root, 'dist-ssr', 'prerender.js'),
      `export async function prerenderPage(path, config) {
        if (path === '/faqs') throw new Error('cannot render');
        return { html: '<main><h1>Page ' + path + '</h1><p>' + config.supportEmail + '</p></main>',
          title: 'Title of ' + path + ' & more', description: 'About "' + path + '"', css: ':root{--x:1px}' };
      }`,
    );
    t = await startTestApp({
      webDist,
      env: { PUBLIC_URL: 'https://vuxo.example', SUPPORT_EMAIL: 'help@vuxo.example' },
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(path.dirname(webDist), { recursive: true, force: true });
  });

  it('sends a site page with its content, title, description, canonical address and preview tags', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/about' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      '<div id="root"><main><h1>Page /about</h1><p>help@vuxo.example</p></main></div>',
    );
    expect(res.body).toContain('<title>Title of /about &amp; more</title>');
    expect(res.body).toContain('<meta name="description" content="About &quot;/about&quot;" />');
    expect(res.body).not.toContain('Default');
    expect(res.body).toContain('<link rel="canonical" href="https://vuxo.example/about" />');
    expect(res.body).toContain('<meta property="og:title" content="Title of /about &amp; more" />');
    expect(res.body).toContain('<meta property="og:url" content="https://vuxo.example/about" />');
    expect(res.body).toContain('<style>:root{--x:1px}</style>');
    expect(res.body).toContain('id="vuxo-config"');
    expect((await t.app.inject({ method: 'GET', url: '/about/' })).body).toContain('<h1>Page /about</h1>');
  });

  it('sends the empty app page for the product screens and for a page that failed to render', async () => {
    for (const url of ['/dashboard/bots', '/login', '/faqs']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).toContain('<title>Default</title>');
    }
  });
});

describe('robots.txt and sitemap.xml', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { PUBLIC_URL: 'https://vuxo.example' } });
  });
  afterAll(() => t.close());

  it('invites crawlers to the site pages and keeps them out of the API and the owner screens', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const path of ['/api/', '/dashboard/', '/workflow/', '/embed/'])
      expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).not.toContain('Disallow: /');
    expect(lines).toContain('Sitemap: https://vuxo.example/sitemap.xml');
  });

  it('lists every site page by its absolute address, and no owner screen', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const locations = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locations).toEqual(INDEXED_ROUTES.map((path) => `https://vuxo.example${path}`));
    expect(locations).toContain('https://vuxo.example/');
    expect(locations).toContain('https://vuxo.example/plans');
    expect(locations.some((url) => /dashboard|workflow|payment|login/.test(url!))).toBe(false);
  });
});

describe('preferredEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['*;q=0', null],
    ['identity', null],
    ['deflate', null],
    ['GZIP;q=0.5', 'gzip'],
  ] as const)('%s → %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});
