import type { FastifyInstance } from 'fastify';

/**
 * A DELETE without a body is read as one, whatever Content-Type it names: many HTTP clients send
 * `Content-Type: application/json` on every call, and an empty JSON body would otherwise be refused (400).
 */
export function acceptBodylessDeletes(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const { headers } = request;
    const bodyless =
      headers['transfer-encoding'] === undefined &&
      (headers['content-length'] === undefined || headers['content-length'] === '0');
    if (request.method === 'DELETE' && bodyless) delete headers['content-type'];
  });
}
