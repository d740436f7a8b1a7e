import type { FastifyInstance, InjectOptions } from 'fastify';

/** One branch of Fastify's printed route tree: its indent, its path piece and its methods. */
const NODE = /^((?:│ {3}| {4})*)(?:├── |└── )(\S+)(?: \(([A-Z, ]+)\))?/;

/**
 * Every API route the app serves, as `METHOD /path`, read from Fastify's own route tree (`printRoutes`), so a
 * route added later is listed with no change here. HEAD is left out: Fastify adds it to each GET, with the
 * GET's hooks.
 */
export function apiRoutes(app: FastifyInstance): string[] {
  const routes: string[] = [];
  // With `commonPrefix: false` every node is a route, its path piece following its parent's.
  const pathAt: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const node = NODE.exec(line);
    if (!node) continue;
    const depth = (node[1] ?? '').length / 4;
    pathAt.length = depth;
    pathAt.push(`${pathAt[depth - 1] ?? ''}${node[2]}`);
    for (const method of node[3]?.split(', ') ?? []) {
      if (method !== 'HEAD') routes.push(`${method} ${pathAt[depth]}`);
    }
  }
  return routes.filter((route) => route.split(' ')[1]?.startsWith('/api/')).sort();
}

/** An inject request for `METHOD /path`: path parameters from `input`, the rest as the query (GET) or body. */
export function requestOf(
  route: string,
  input: Record<string, unknown>,
  headers: Record<string, string>,
): InjectOptions {
  const [method, template] = route.split(' ') as ['GET' | 'POST' | 'DELETE', string];
  const rest = { ...input };
  const url = template.replace(/:(\w+)/g, (_, name: string) => {
    const value = String(rest[name]);
    delete rest[name];
    return encodeURIComponent(value);
  });
  if (method === 'POST') return { method, url, headers, payload: rest };
  const query = Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, String(value)]));
  return { method, url, headers, query };
}
