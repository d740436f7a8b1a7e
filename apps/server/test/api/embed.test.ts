import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API, CLIENT_CONFIG_ELEMENT_ID, ERROR_CODES } from '@vuxo/shared';
import { frameAncestorsFor, withFrameAncestors } from '../../src/http/security.js';
import { createReadyBot, type ReadyBot } from '../engine/answer/chat-fixtures.js';
import { bearer, startTestApp, type TestApp } from '../support/test-app.js';

/**
 * The chat's pages and the one-line embed as the server serves them: the light entry
 * for /embed/* and /public-chat/*, /widget.js for other websites, framing limited to the bot's allowed
 * websites, and the widget API refusing calls from websites the bot does not allow.
 */
const INDEX = '<!doctype html><html><head><!--app-config--></head><body>app</body></html>';
const EMBED = '<!doctype html><html><head><!--app-config--></head><body>chat</body></html>';

describe('the chat pages and the one-line embed', () => {
  let t: TestApp;
  let bot: ReadyBot;
  let webDist: string;

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'vuxo-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), INDEX);
    writeFileSync(path.join(webDist, 'embed.html'), EMBED);
    writeFileSync(path.join(webDist, 'widget.js'), '(()=>{})();');
    writeFileSync(path.join(webDist, 'assets', 'embed-abc123.js'), 'export {};');
    t = await startTestApp({ webDist });
    bot = await createReadyBot(t);
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const frameAncestors = (csp: unknown) => /frame-ancestors ([^;]*)/.exec(String(csp))?.[1];
  const setDomains = async (allowedDomains: string[]) => {
    const res = await t.app.inject({
      method: 'POST',
      url: API.updateBotDomains,
      headers: bearer(bot.ownerToken),
      payload: { botId: bot.botId, allowedDomains },
    });
    expect(res.statusCode).toBe(200);
  };

  it('serves the light chat entry, with the client config, for /embed/* and /public-chat/*', async () => {
    for (const url of [`/embed/${bot.shareId}?isAlways=false`, `/public-chat/${bot.botId}`, '/embed/']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<body>chat</body>');
      expect(res.body).toContain(`id="${CLIENT_CONFIG_ELEMENT_ID}"`);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const other = await get('/dashboard/bots');
    expect(other.body).toContain('<body>app</body>');
  });

  it('never serves a page as a raw file', async () => {
    // Not pages of the app: the not-found status, with the app's page (never the raw file).
    for (const url of ['/embed.html', '/index.html']) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain(`id="${CLIENT_CONFIG_ELEMENT_ID}"`);
      expect(res.body).not.toContain('<!--app-config-->');
    }
  });

  it('lets any website frame /embed and /public-chat when the bot lists none, and no other page', async () => {
    await setDomains([]);
    for (const url of [`/embed/${bot.shareId}`, `/public-chat/${bot.botId}`]) {
      const chat = await get(url);
      expect(chat.headers['x-frame-options'], url).toBeUndefined();
      expect(frameAncestors(chat.headers['content-security-policy']), url).toBe('*');
      // The rest of the policy is kept.
      expect(chat.headers['content-security-policy'], url).toContain("script-src 'self'");
    }

    for (const url of ['/', '/dashboard/bots']) {
      const res = await get(url);
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(frameAncestors(res.headers['content-security-policy']), url).toBe("'self'");
    }
  });

  it('limits framing to the allowed websites, on any port unless one is named', async () => {
    await setDomains(['shop.example.com', '*.example.org', 'localhost:5173']);
    try {
      const embed = await get(`/embed/${bot.shareId}`);
      expect(embed.headers['x-frame-options']).toBeUndefined();
      expect(frameAncestors(embed.headers['content-security-policy'])).toBe(
        "'self' https://shop.example.com:* http://shop.example.com:* https://*.example.org:* http://*.example.org:* https://localhost:5173 http://localhost:5173",
      );
      // An unknown share id names no bot: nothing to protect.
      const unknown = await get('/embed/no-such-share-id');
      expect(frameAncestors(unknown.headers['content-security-policy'])).toBe('*');
    } finally {
      await setDomains([]);
    }
  });

  it('serves /widget.js to other websites, with a short cache', async () => {
    const res = await get('/widget.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['cache-control']).toMatch(/^public, max-age=300\b/);
    const asset = await get('/assets/embed-abc123.js');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  describe('the widget API and the allowed websites', () => {
    const calls = (origin?: string) => {
      const headers = origin ? { origin } : {};
      return [
        t.app.inject({ method: 'GET', url: `${API.publicBotInfo}?shareId=${bot.shareId}`, headers }),
        t.app.inject({ method: 'POST', url: API.generateQuestions, headers, payload: { botId: bot.botId } }),
        t.app.inject({
          method: 'POST',
          url: API.chat,
          headers,
          payload: { botConfigId: bot.shareId, message: 'When are you open?', history: [] },
        }),
      ];
    };

    it('answers any website while the bot lists none', async () => {
      await setDomains([]);
      for (const res of await Promise.all(calls('https://anywhere.example')))
        expect(res.statusCode).toBe(200);
    });

    it('refuses other websites, and lets listed ones, this origin and origin-less calls through', async () => {
      await setDomains(['shop.example.com']);
      try {
        for (const res of await Promise.all(calls('https://evil.example'))) {
          expect(res.statusCode).toBe(403);
          expect(res.json()).toMatchObject({ code: ERROR_CODES.originNotAllowed });
        }
        for (const origin of ['https://shop.example.com', 'http://localhost:80', undefined]) {
          for (const res of await Promise.all(calls(origin))) expect(res.statusCode, origin).toBe(200);
        }
      } finally {
        await setDomains([]);
      }
    });
  });
});

describe('frame-ancestors', () => {
  it('builds the sources from allowed domains', () => {
    expect(frameAncestorsFor(null)).toBe('*');
    expect(frameAncestorsFor([])).toBe('*');
    expect(frameAncestorsFor(['a.example', 'bad host; script-src *'])).toBe(
      "'self' https://a.example:* http://a.example:*",
    );
  });

  it('replaces only the frame-ancestors directive', () => {
    expect(withFrameAncestors("default-src 'self';frame-ancestors 'self';img-src https:", '*')).toBe(
      "default-src 'self';img-src https:;frame-ancestors *",
    );
    expect(withFrameAncestors("default-src 'self'", "'self'")).toBe(
      "default-src 'self';frame-ancestors 'self'",
    );
  });
});
