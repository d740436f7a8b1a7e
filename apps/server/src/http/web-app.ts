import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { API_MSG, CLIENT_CONFIG_ELEMENT_ID, type ClientConfig } from '@vuxo/shared';

/**
 * Serves the built React app: hashed assets with long caching, and index.html (with the client config
 * embedded as JSON data) for every other non-API path, so the app's router decides what to show.
 */
export async function serveWebApp(app: FastifyInstance, webDist: string | null, clientConfig: ClientConfig) {
  const indexFile = webDist ? path.join(webDist, 'index.html') : null;
  const hasWeb = indexFile !== null && existsSync(indexFile);
  if (webDist && hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      index: false,
      // One route per built file; every other path falls through to the app (the not-found handler).
      wildcard: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
        );
      },
    });
  }
  const indexHtml = hasWeb ? embedConfig(readFileSync(indexFile, 'utf8'), clientConfig) : null;

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (url === '/api' || url.startsWith('/api/') || !wantsPage || !indexHtml) {
      return reply.status(404).send({ error: API_MSG.notFound });
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
  });
}

function embedConfig(html: string, clientConfig: ClientConfig): string {
  const json = JSON.stringify(clientConfig).replace(/</g, '\\u003c');
  const tag = `<script type="application/json" id="${CLIENT_CONFIG_ELEMENT_ID}">${json}</script>`;
  return html.replace('<!--app-config-->', tag);
}
