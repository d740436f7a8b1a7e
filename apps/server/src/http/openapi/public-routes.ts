import type { FastifyInstance } from 'fastify';
import { isPublicApi } from '../public-api-errors.js';
import type { RouteDocs } from './documented.js';

/** One method of a route under /api/v1, as registered. */
export interface PublicRoute {
  method: string;
  url: string;
  docs: RouteDocs | undefined;
  /** The declared success reply, for a route without docs. */
  reply: unknown;
}

const DOCUMENTED_METHODS = new Set(['GET', 'PUT', 'POST', 'DELETE', 'PATCH']);

/**
 * Every route under /api/v1 registered after this call, documented or not, so the OpenAPI document lists each
 * one (a route without docs shows there without a summary, and its test fails).
 */
export function collectPublicRoutes(app: FastifyInstance): readonly PublicRoute[] {
  const routes: PublicRoute[] = [];
  app.addHook('onRoute', (route) => {
    if (!isPublicApi(route.url)) return;
    const reply = (route.schema?.response as Record<string, unknown> | undefined)?.['2xx'];
    for (const method of [route.method].flat()) {
      if (DOCUMENTED_METHODS.has(method))
        routes.push({ method, url: route.url, docs: route.config?.docs, reply });
    }
  });
  return routes;
}
