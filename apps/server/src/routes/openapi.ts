import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { PUBLIC_API, PUBLIC_API_DOCS, openApiDocumentSchema } from '@vuxo/shared';
import { documented } from '../http/openapi/documented.js';
import { openApiDocument } from '../http/openapi/openapi-document.js';
import type { PublicRoute } from '../http/openapi/public-routes.js';

const CACHE = 'public, max-age=300';

/**
 * GET /api/v1/openapi.json (decision 114): the public API's document, made on the first request, once every
 * route is registered, then served as the same bytes with an ETag.
 */
export function openApiRoutes(
  app: FastifyInstance,
  deps: { routes: readonly PublicRoute[]; publicUrl: string },
) {
  let made: { body: string; etag: string } | null = null;
  const document = () => {
    if (made) return made;
    const body = JSON.stringify(openApiDocument(deps.routes, deps.publicUrl));
    made = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
    return made;
  };

  app.get(
    PUBLIC_API.openapi,
    documented({
      id: 'openapi',
      ...PUBLIC_API_DOCS.routes.openapi,
      auth: 'none',
      reply: openApiDocumentSchema,
    }),
    async (request, reply) => {
      const { body, etag } = document();
      reply.header('cache-control', CACHE).header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      // Already JSON: a string is sent as it is, not through the reply schema.
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );
}
