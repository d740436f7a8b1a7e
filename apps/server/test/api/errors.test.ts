import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API, API_MSG, CLIENT_CONFIG_ELEMENT_ID } from '@vuxo/shared';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('HTTP basics: health, JSON errors, the web app fallback, request ids', () => {
  let t: TestApp;
  beforeAll(async () => {
    const webDist = mkdtempSync(path.join(tmpdir(), 'vuxo-web-'));
    writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><html><head><!--app-config--></head><body><div id="root"></div></body></html>',
    );
    t = await startTestApp({ webDist });
    t.app.get('/api/test-crash', async () => {
      throw new Error('secret internals at /srv/app/file.ts:12');
    });
    t.app.post('/api/test-echo', async (request) => request.body);
  });
  afterAll(() => t.close());

  it('answers health with { ok: true }', async () => {
    const res = await t.app.inject({ method: 'GET', url: API.health });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });

  it('answers unknown /api paths with 404 JSON, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/no-such-thing' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: API_MSG.notFound });
    }
  });

  it('hides crashes behind a 500 JSON message with no stack trace', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test-crash' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: API_MSG.internal });
    expect(res.body).not.toContain('secret internals');
  });

  it('answers bad JSON with a 400 JSON message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test-echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'The request body is not valid JSON.' });
  });

  it('serves the app, with the public client config embedded, for any non-API path', async () => {
    const home = await t.app.inject({ method: 'GET', url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<div id="root">');
    const res = await t.app.inject({ method: 'GET', url: '/dashboard/bots?x=1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const match = new RegExp(
      `<script type="application/json" id="${CLIENT_CONFIG_ELEMENT_ID}">(.*?)</script>`,
    ).exec(res.body);
    const config = JSON.parse(match?.[1] ?? 'null');
    expect(config).toMatchObject({ brand: 'Vuxo', firebase: { projectId: 'demo-vuxo-test' } });
    expect(res.body).not.toMatch(/sk_|whsec_/);
  });

  it('tags every response with a request id', async () => {
    const a = await t.app.inject({ method: 'GET', url: API.health });
    const b = await t.app.inject({ method: 'GET', url: API.health });
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });
});
