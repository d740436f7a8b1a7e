import Fastify from 'fastify';
import { z } from 'zod';
import { Validator } from '@seriousme/openapi-schema-validator';
import { API_STREAM_EVENTS, PUBLIC_API, PUBLIC_API_PREFIX, SSE_TYPE } from '@vuxo/shared';
import { collectPublicRoutes } from '../../src/http/openapi/public-routes.js';
import { openApiDocument } from '../../src/http/openapi/openapi-document.js';
import { checkedResponses } from '../../src/http/response-schemas.js';
import { apiRoutes } from '../support/api-routes.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

type Operation = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The OpenAPI document of the public API (decision 114): valid, complete, made from the routes’ own schemas. */
describe('the public API’s OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const get = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: PUBLIC_API.openapi, headers });

  /** Every method and path under /api/v1 the server answers, read from its router, not from the document. */
  const registeredRoutes = () =>
    apiRoutes(t.app)
      .map((route) => route.split(' ') as [string, string])
      .filter(([, path]) => path.startsWith(`${PUBLIC_API_PREFIX}/`))
      .map(([method, path]) => `${method.toLowerCase()} ${path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`)
      .sort();

  it('validates as OpenAPI 3.1 and documents every route under /api/v1, each with its summary and who may call it', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    const document = res.json();
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');

    const listed = Object.entries(document.paths as Record<string, Record<string, Operation>>).flatMap(
      ([path, operations]) => Object.keys(operations).map((method) => `${method} ${path}`),
    );
    expect(registeredRoutes().length).toBeGreaterThan(5);
    expect(listed.sort()).toEqual(registeredRoutes());
    for (const [path, operations] of Object.entries(
      document.paths as Record<string, Record<string, Operation>>,
    )) {
      expect(path.startsWith(PUBLIC_API_PREFIX)).toBe(true);
      for (const [method, op] of Object.entries(operations)) {
        // A route added without `documented(…)` is listed, but fails here.
        expect(op.summary, `${method} ${path} has no docs`).toBeTruthy();
        expect(op.operationId).toBeTruthy();
        if (path !== '/api/v1/openapi.json') {
          expect(op.security, `${method} ${path}`).toHaveLength(1);
          expect(Object.keys(op.responses)).toEqual(
            expect.arrayContaining(['400', '401', '403', '404', '429']),
          );
        }
      }
    }
  });

  it('describes a message: its body, the key, the JSON reply, the streamed events and the one error shape', async () => {
    const document = (await get()).json();
    const send = document.paths['/api/v1/bots/{botId}/messages'].post as Operation;
    expect(send.security).toEqual([{ apiKey: [] }]);
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(send.parameters).toEqual([expect.objectContaining({ name: 'botId', in: 'path', required: true })]);
    const body = send.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(['message']);
    expect(body.properties.stream).toMatchObject({ type: 'boolean', default: false });
    const ok = send.responses['200'].content;
    expect(ok['application/json'].schema.required).toEqual(
      expect.arrayContaining(['conversationId', 'reply', 'sources']),
    );
    const events = ok[SSE_TYPE].schema.oneOf.map((event: Operation) => event.title);
    expect(events).toEqual([...API_STREAM_EVENTS]);
    expect(send['x-codeSamples'].map((sample: Operation) => sample.label)).toContain('curl');
    expect(document.components.responses.Unauthorized.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/Error',
    });
    expect(document.components.schemas.Error.properties.error.required).toEqual(['code', 'message']);
    const conversations = document.paths['/api/v1/bots/{botId}/conversations'].get as Operation;
    expect(conversations.parameters).toContainEqual(
      expect.objectContaining({ name: 'page', in: 'query', required: false }),
    );
  });

  it('is made once and served as the same bytes, cached, with an ETag that answers 304', async () => {
    const [first, second] = [await get(), await get()];
    expect(second.body).toBe(first.body);
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    expect(first.headers['cache-control']).toBe('public, max-age=300');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const again = await get({ 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('lists a route added later without docs, even in a plugin of its own, so the check above fails for it', async () => {
    const app = Fastify();
    checkedResponses(app);
    const routes = collectPublicRoutes(app);
    await app.register(
      async (plugin) => {
        plugin.post(
          '/bots/:botId/webhooks',
          { schema: { response: { '2xx': z.object({ id: z.string() }) } } },
          () => ({
            id: 'w',
          }),
        );
      },
      { prefix: PUBLIC_API_PREFIX },
    );
    await app.ready();
    const later = (
      openApiDocument(routes, 'https://vuxo.example').paths as Record<string, Record<string, Operation>>
    )['/api/v1/bots/{botId}/webhooks']!.post!;
    expect(later.summary).toBeUndefined();
    expect(later.parameters).toEqual([expect.objectContaining({ name: 'botId', in: 'path' })]);
    expect(later.responses['200'].content['application/json'].schema.required).toEqual(['id']);
    await app.close();
  });
});
