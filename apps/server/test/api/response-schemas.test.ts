import { API, API_MSG, healthSchema, publicBotInfoResponseSchema } from '@vuxo/shared';
import { z } from 'zod';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** Every JSON reply of the API goes out through its shared schema (http/response-schemas.ts). */
describe('reply schemas', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    const secretUser = { ok: true, passwordHash: 'x', internal: { path: '/srv/data' } };
    t.app.get(
      '/api/test-extra-fields',
      { schema: { response: { '2xx': healthSchema } } },
      async () => secretUser,
    );
    t.app.get('/api/test-broken', { schema: { response: { '2xx': healthSchema } } }, async () => ({
      ok: 'yes',
    }));
    t.app.get(
      '/api/test-valibot',
      { schema: { response: { '2xx': publicBotInfoResponseSchema } } },
      async () => ({ success: true, publicBotInfo: { botId: 'b' }, extra: 1 }),
    );
  });
  afterAll(() => t.close());

  it('leaves out every field the schema does not name', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test-extra-fields' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });

  it('answers 500 with the generic message, never the reply, when a reply breaks its schema', async () => {
    for (const url of ['/api/test-broken', '/api/test-valibot']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(500);
      expect(res.json(), url).toEqual({ error: API_MSG.internal });
    }
  });

  it('refuses, at start, an API route that names no reply schema', async () => {
    const fresh = await startTestApp();
    try {
      expect(() => fresh.app.get('/api/test-unchecked', async () => ({ ok: true }))).toThrow(
        'GET /api/test-unchecked declares no reply schema',
      );
      // Pages and files outside /api are not JSON replies.
      expect(() => fresh.app.get('/test-page', async () => 'page')).not.toThrow();
    } finally {
      await fresh.close();
    }
  });

  it('checks the real routes: health goes out through its schema', async () => {
    const res = await t.app.inject({ method: 'GET', url: API.health });
    expect(healthSchema.parse(res.json())).toEqual({ ok: true });
    expect(
      z
        .object({ ok: z.literal(true) })
        .strict()
        .safeParse(res.json()).success,
    ).toBe(true);
  });
});
