import type { FastifyInstance } from 'fastify';
import { INDEXED_ROUTES } from '@vuxo/shared';

/** Paths crawlers have no use for: the API, the owner's screens, and the chat pages other sites frame. */
const NOT_FOR_CRAWLERS = ['/api/', '/dashboard/', '/workflow/', '/payment', '/ai-admin', '/login', '/embed/'];

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[c]};`);

/** `/robots.txt` and `/sitemap.xml`, with absolute addresses from the public URL. */
export function siteFileRoutes(app: FastifyInstance, deps: { publicUrl: string }) {
  const robots = [
    'User-agent: *',
    ...NOT_FOR_CRAWLERS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${deps.publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
  const sitemap = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...INDEXED_ROUTES.map((path) => `  <url><loc>${escapeXml(`${deps.publicUrl}${path}`)}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');
  const cache = 'public, max-age=3600';

  app.get('/robots.txt', async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', cache).send(robots),
  );
  app.get('/sitemap.xml', async (_request, reply) =>
    reply.type('application/xml; charset=utf-8').header('cache-control', cache).send(sitemap),
  );
}
