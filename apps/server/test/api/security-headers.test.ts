import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { API, BLOG_ARTICLE_PATHS, MARKETING_ROUTES, ROUTES } from '@vuxo/shared';
import { botRow, createBot, signIn, updateDomains, type Owner } from '../support/dashboard-owners.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Issue 15: every answer the product gives (pages, the chat pages other websites frame, assets, API, errors,
 * 404s) carries a strict Content-Security-Policy, nosniff and a Referrer-Policy; only /embed may be framed by
 * other websites; uploads, data files and source maps are never reachable over HTTP.
 */

const SECRET = {
  sourceMap: 'secret-source-map/app.ts',
  manifest: 'secret-manifest/src/main.tsx',
  prerender: 'secret-prerender-entry',
  document: 'SECRET-DOCUMENT-WORDS',
} as const;

/** A web build as `npm run build` lays it out: dist/ (pages, assets, maps, manifests) and dist-ssr/ beside it. */
function writeWebBuild(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'vuxo-web-'));
  const files: Record<string, string> = {
    'dist/index.html':
      '<html><head><title>App</title><!--app-config--></head><body><div id="root"></div></body></html>',
    'dist/embed.html': '<html><head><title>Chat</title><!--app-config--></head><body>chat</body></html>',
    'dist/widget.js': '(()=>{})();',
    'dist/favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    'dist/assets/app-abc123.js': 'export {};',
    'dist/assets/app-abc123.js.map': JSON.stringify({ version: 3, sources: [SECRET.sourceMap] }),
    'dist/.vite/manifest.json': JSON.stringify({ [SECRET.manifest]: { file: 'assets/app-abc123.js' } }),
    'dist-ssr/prerender.js': `// ${SECRET.prerender}
      export async function prerenderPage(path) {
        return { html: '<main>' + path + '</main>', title: path, description: path, css: '' };
      }`,
  };
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
  return root;
}

type Routes = typeof ROUTES;
type RouteMaker = { [K in keyof Routes]: Routes[K] extends string ? never : K }[keyof Routes];

/** The pages of each parametrised route: a route added to ROUTES without an entry here fails the test. */
const parametrisedPages = (bot: { botId: string; shareId: string }) =>
  ({
    personalize: ([1, 2, 3, 4, 5] as const).map((step) => ROUTES.personalize(step)),
    botInsights: [ROUTES.botInsights(bot.botId)],
    botLive: [ROUTES.botLive(bot.botId)],
    embed: [ROUTES.embed(bot.shareId)],
    publicChat: [ROUTES.publicChat(bot.botId)],
    apiReferenceFor: [ROUTES.apiReferenceFor(bot.botId)],
  }) satisfies Record<RouteMaker, string[]>;

/** Every page of the spec's route table, from the shared route list. */
function everyPage(bot: { botId: string; shareId: string }): string[] {
  const fixed = Object.values(ROUTES).filter((route) => typeof route === 'string');
  const parametrised = Object.values(parametrisedPages(bot)).flat();
  return [...new Set([...MARKETING_ROUTES, ...BLOG_ARTICLE_PATHS, ...fixed, ...parametrised])];
}

const isFramedByOthers = (url: string) => url.startsWith('/embed/') || url.startsWith('/public-chat/');

function policy(res: LightMyRequestResponse): Map<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '');
  const directives = header
    .split(';')
    .map((directive) => directive.trim().split(/\s+/))
    .filter(([name]) => name);
  return new Map(directives.map(([name, ...sources]) => [name!.toLowerCase(), sources]));
}

const frameAncestors = (res: LightMyRequestResponse) => policy(res).get('frame-ancestors');

function expectStrictPolicy(res: LightMyRequestResponse, label: string) {
  const csp = policy(res);
  const scripts = csp.get('script-src') ?? [];
  expect(scripts, label).toContain("'self'");
  expect(scripts, label).not.toContain("'unsafe-inline'");
  expect(scripts, label).not.toContain("'unsafe-eval'");
  for (const source of scripts) expect(source, label).toMatch(/^(?:'self'|https:\/\/[a-z0-9.-]+)$/);
  expect(csp.get('script-src-attr'), label).toEqual(["'none'"]);
  expect(csp.get('default-src'), label).toEqual(["'self'"]);
  expect(csp.get('object-src'), label).toEqual(["'none'"]);
  expect(csp.get('base-uri'), label).toEqual(["'self'"]);
}

function expectSecurityHeaders(res: LightMyRequestResponse, label: string) {
  expect(res.headers['x-content-type-options'], label).toBe('nosniff');
  expect(res.headers['referrer-policy'], label).toMatch(
    /^(?:no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/,
  );
  expectStrictPolicy(res, label);
}

function expectFramedBySiteOnly(res: LightMyRequestResponse, label: string) {
  expect(frameAncestors(res), label).toEqual(["'self'"]);
  expect(res.headers['x-frame-options'], label).toBe('SAMEORIGIN');
}

describe('security headers on every answer, page by page', () => {
  let t: TestApp;
  let build: string;
  let owner: Owner;
  let bot: { botId: string; shareId: string };
  beforeAll(async () => {
    build = writeWebBuild();
    t = await startTestApp({ webDist: path.join(build, 'dist') });
    owner = await signIn(t, 'Sasha', 'sqlite');
    // A Ready bot whose document holds the marker, which no answer below may show.
    const text = `# Opening hours\nWe are open Monday to Friday from 9am to 5pm. Our code word is ${SECRET.document}.`;
    const botId = await createBot(t, owner, 'Sasha Helper', { avatar: true, text });
    bot = { botId, shareId: (await botRow(t, botId)).share_id };
  });
  afterAll(async () => {
    await t.close();
    rmSync(build, { recursive: true, force: true });
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('visits every parametrised route of the shared route table', () => {
    const makers = Object.keys(ROUTES).filter((name) => typeof ROUTES[name as keyof Routes] === 'function');
    expect(Object.keys(parametrisedPages(bot)).sort()).toEqual(makers.sort());
  });

  it('serves every page (200; the staff console 404, as an unknown page) with a strict policy, nosniff and a referrer policy', async () => {
    for (const url of everyPage(bot)) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(url === ROUTES.admin ? 404 : 200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expectSecurityHeaders(res, url);
    }
  });

  it('lets only the site itself frame its pages, all but the chat’s own', async () => {
    for (const url of everyPage(bot).filter((page) => !isFramedByOthers(page)))
      expectFramedBySiteOnly(await get(url), url);
  });

  it('lets any website frame /embed and /public-chat while the bot lists no allowed domains', async () => {
    const chatPages = [
      ROUTES.embed(bot.shareId),
      ROUTES.embed('no-such-share-id'),
      ROUTES.publicChat(bot.botId),
    ];
    for (const url of chatPages) {
      const res = await get(url);
      expect(res.headers['x-frame-options'], url).toBeUndefined();
      expect(frameAncestors(res), url).toEqual(['*']);
      expectSecurityHeaders(res, url);
    }
  });

  it('lets only the allowed domains and the site frame the chat’s pages once the owner lists some', async () => {
    expect(
      (await updateDomains(t, owner, { botId: bot.botId, allowedDomains: ['shop.example.com'] })).statusCode,
    ).toBe(200);
    try {
      for (const url of [ROUTES.embed(bot.shareId), ROUTES.publicChat(bot.botId)]) {
        const res = await get(url);
        expect(res.headers['x-frame-options'], url).toBeUndefined();
        expect(frameAncestors(res), url).toEqual([
          "'self'",
          'https://shop.example.com:*',
          'http://shop.example.com:*',
        ]);
        expectSecurityHeaders(res, url);
      }
    } finally {
      await updateDomains(t, owner, { botId: bot.botId, allowedDomains: [] });
    }
  });

  it('answers unknown paths 404, with the not-found page for browsers and JSON under /api', async () => {
    for (const url of ['/no-such-page', '/about/team', '/blogs/no-such-article', '/dashboard/bots/a/b']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toContain('<div id="root">');
      expectSecurityHeaders(res, url);
      expectFramedBySiteOnly(res, url);
    }
    for (const url of ['/api/no-such-call', '/api']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expectSecurityHeaders(res, url);
    }
  });

  it('sets the headers on assets and site files', async () => {
    for (const url of [
      '/assets/app-abc123.js',
      '/widget.js',
      '/favicon.svg',
      '/robots.txt',
      '/sitemap.xml',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expectSecurityHeaders(res, url);
    }
  });

  it('sets the headers on every API call, answered or refused, and on errors', async () => {
    const urls = Object.values(API).map((url) => url.replace(/:[a-zA-Z]+/, bot.botId));
    for (const url of urls) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
        expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
        expectSecurityHeaders(res, `${method} ${url}`);
      }
    }
    const errors = [
      t.app.inject({ method: 'GET', url: '/%' }),
      t.app.inject({
        method: 'POST',
        url: API.chat,
        headers: { 'content-type': 'application/json' },
        payload: '{"broken":',
      }),
      t.app.inject({ method: 'POST', url: '/about', payload: {} }),
    ];
    for (const res of await Promise.all(errors)) {
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expectSecurityHeaders(res, `${res.statusCode} ${res.body}`);
    }
  });

  it("serves an avatar only as a nosniff PNG under the bot's unguessable id", async () => {
    const res = await get(`/api/bot-avatar/${bot.botId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
    expectSecurityHeaders(res, 'avatar');
    expect(bot.botId).toMatch(/[A-Za-z0-9]{20}$/);
    // One character changed (never to the one it was: an id may end in 'x') is another, unknown id.
    const other = bot.botId.endsWith('x') ? 'y' : 'x';
    expect((await get(`/api/bot-avatar/${bot.botId.slice(0, -1)}${other}`)).statusCode).toBe(404);
  });

  it('never serves an uploaded file by its stored name', async () => {
    const uploads = path.join(t.config.dataDir, 'uploads');
    const stored = readdirSync(uploads, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(uploads, path.join(entry.parentPath, entry.name)));
    expect(stored.some((name) => name.startsWith('documents/'))).toBe(true);
    expect(stored.some((name) => name.startsWith('avatars/'))).toBe(true);
    for (const name of stored) {
      const id = path.basename(name, path.extname(name));
      for (const url of [
        `/${name}`,
        `/uploads/${name}`,
        `/data/uploads/${name}`,
        `/api/uploads/${name}`,
        `/api/${id}`,
      ]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type'], url).not.toMatch(/^image\//);
        expect(res.body, url).not.toContain(SECRET.document);
        expectSecurityHeaders(res, url);
      }
    }
  });

  it('keeps the database, data files, source maps and build manifests off the web', async () => {
    const guesses = [
      '/data/vuxo.db',
      '/vuxo.db',
      '/data/',
      '/uploads/',
      '/.env',
      '/.env.example',
      '/.git/config',
      '/package.json',
      '/assets/app-abc123.js.map',
      '/.vite/manifest.json',
      '/dist-ssr/prerender.js',
      '/../dist-ssr/prerender.js',
      '/%2e%2e/dist-ssr/prerender.js',
      '/assets/..%2f..%2fdist-ssr%2fprerender.js',
    ];
    for (const url of guesses) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      for (const secret of [SECRET.sourceMap, SECRET.manifest, SECRET.prerender, 'SQLite format 3'])
        expect(res.body, url).not.toContain(secret);
      expectSecurityHeaders(res, url);
    }
  });
});

describe('security headers with payments, analytics and a request ceiling turned on', () => {
  let t: TestApp;
  let build: string;
  beforeAll(async () => {
    build = writeWebBuild();
    t = await startTestApp({
      webDist: path.join(build, 'dist'),
      env: {
        STRIPE_SECRET_KEY: 'sk_test_local',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_local',
        STRIPE_WEBHOOK_SECRET: 'whsec_local',
        GA_MEASUREMENT_ID: 'G-TEST1234',
      },
      deps: { requestsPerMinute: 3 },
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(build, { recursive: true, force: true });
  });

  it('keeps script-src to named https hosts, and sets the headers on a refused flood', async () => {
    const page = await t.app.inject({ method: 'GET', url: ROUTES.payment });
    expect(policy(page).get('script-src')).toContain('https://js.stripe.com');
    expectSecurityHeaders(page, ROUTES.payment);
    expectFramedBySiteOnly(page, ROUTES.payment);
    let last = page;
    for (let i = 0; i < 3; i++) last = await t.app.inject({ method: 'GET', url: API.health });
    expect(last.statusCode).toBe(429);
    expectSecurityHeaders(last, 'a 429');
  });
});
