import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API, API_MSG, CLIENT_CONFIG_ELEMENT_ID } from '@vuxo/shared';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { securityHeaders, securityOptions } from '../../src/http/security.js';
import { connect, parseResponse } from '../support/raw-http.js';
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
    // Every /api route names its reply (http/response-schemas.ts); these test routes take anything.
    const anyReply = { schema: { response: { '2xx': z.unknown() } } };
    t.app.get('/api/test-crash', anyReply, async () => {
      throw new Error('secret internals at /srv/app/file.ts:12');
    });
    t.app.post('/api/test-echo', anyReply, async (request) => request.body);
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

  describe("framework errors answer the product's JSON with the security headers (row 9)", () => {
    const json = { 'content-type': 'application/json' };
    it.each([
      ['a URL that does not decode', { method: 'GET', url: '/%' }, 400, 'The address is not valid.'],
      [
        'an API URL that does not decode',
        { method: 'GET', url: '/api/%zz' },
        400,
        'The address is not valid.',
      ],
      [
        'a body over the limit',
        { method: 'POST', url: '/api/test-echo', headers: json, payload: `"${'a'.repeat(1024 * 1024)}"` },
        413,
        'The request body is too large.',
      ],
      [
        'an unsupported content type',
        {
          method: 'POST',
          url: '/api/test-echo',
          headers: { 'content-type': 'application/x-vuxo' },
          payload: 'x',
        },
        415,
        'Unsupported content type.',
      ],
      [
        'bad JSON',
        { method: 'POST', url: '/api/test-echo', headers: json, payload: '{"broken":' },
        400,
        'The request body is not valid JSON.',
      ],
      [
        'an empty JSON body',
        { method: 'POST', url: '/api/test-echo', headers: json, payload: '' },
        400,
        'The request body is empty.',
      ],
      [
        'a content-length that does not match the body',
        { method: 'POST', url: '/api/test-echo', headers: { ...json, 'content-length': '5' }, payload: '{}' },
        400,
        API_MSG.badRequest,
      ],
    ] as const)('%s', async (_name, request, status, message) => {
      const res = await t.app.inject(request);
      expect(res.statusCode).toBe(status);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ error: message });
      expect(res.body).not.toMatch(/FST_|statusCode/);
      expect(res.headers).toMatchObject(securityHeaders(securityOptions(t.config)));
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });

    it.each([
      [
        'a malformed header line',
        'GET /api/health HTTP/1.1\r\nhost: localhost\r\nno colon here\r\n\r\n',
        400,
      ],
      [
        'headers over the size limit',
        `GET / HTTP/1.1\r\nhost: localhost\r\nx-big: ${'a'.repeat(20_000)}\r\n\r\n`,
        431,
      ],
      ['a request line that is not HTTP', 'HELLO\r\n\r\n', 400],
    ])('%s, refused by the HTTP parser itself', async (_name, raw, status) => {
      if (!t.app.server.listening) await t.app.listen({ host: '127.0.0.1', port: 0 });
      const connection = await connect((t.app.server.address() as AddressInfo).port);
      connection.socket.write(raw);
      await connection.closed;
      const res = parseResponse(connection.received());
      expect(res.status).toBe(status);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(res.body)).toEqual({ error: expect.any(String) });
      expect(res.headers).toMatchObject(securityHeaders(securityOptions(t.config)));
    });
  });
});
