import { isPublicApi, sendPublicError } from './public-api-errors.js';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  API_MSG,
  BOT_IDENTIFIER_MAX,
  CLIENT_CONFIG_ELEMENT_ID,
  INDEXED_ROUTES,
  isAppPath,
  WIDGET_SCRIPT_PATH,
  type ClientConfig,
} from '@vuxo/shared';
import type { BotDomainsLookup } from './allowed-origins.js';
import { compressPage, preferredEncoding, type CompressedPage } from './compressed-page.js';
import { prerenderPages, withPrerenderedPage } from './prerendered-pages.js';
import { frameAncestorsFor, withFrameAncestors } from './security.js';

/** The one-line embed script: loaded by other websites, cached briefly. */
const WIDGET_SCRIPT = WIDGET_SCRIPT_PATH;
const WIDGET_SCRIPT_CACHE = 'public, max-age=300, stale-while-revalidate=86400';
const EMBED_PREFIX = '/embed/';
const PUBLIC_CHAT_PREFIX = '/public-chat/';
/** Files of the build that are never sent by their own name. */
const SERVED_NEVER = /\.(?:html|map|br|gz)$/;
const COMPRESSED_COPY = /\.(?:br|gz)$/;

/**
 * Serves the built React app: hashed assets with long caching, sent as the build's brotli or gzip copy when the
 * browser accepts it, and index.html (with the client config embedded as JSON data, compressed once at start)
 * for the app's pages, so its router decides what to show; any other path gets the same page with a 404 status
 * (the app shows its not-found page). Source maps stay on the server.
 * The chat's own pages, /embed/* and /public-chat/*, get the light chat entry (embed.html) instead, and
 * both may be framed by the websites the bot allows (any website when it lists none).
 */
export async function serveWebApp(
  app: FastifyInstance,
  webDist: string | null,
  clientConfig: ClientConfig,
  botDomains?: BotDomainsLookup,
  publicUrl = '',
) {
  const indexFile = webDist ? path.join(webDist, 'index.html') : null;
  const hasWeb = indexFile !== null && existsSync(indexFile);
  if (webDist && hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      index: false,
      // One route per built file; every other path falls through to the app (the not-found handler).
      wildcard: false,
      // Pages are served with the client config embedded, never as raw files; source maps and the compressed
      // copies themselves are not served by name.
      allowedPath: (pathName) => !SERVED_NEVER.test(pathName),
      // The build's `name.br` / `name.gz` copy goes out when the browser accepts it.
      preCompressed: true,
      // The headers below decide caching (send's own `max-age=0` would otherwise win).
      cacheControl: false,
      setHeaders(reply, filePath) {
        const original = filePath.replace(COMPRESSED_COPY, '');
        const immutable = original.includes(`${path.sep}assets${path.sep}`);
        const widget = original === path.join(webDist, WIDGET_SCRIPT);
        reply.header('vary', 'accept-encoding');
        reply.header(
          'cache-control',
          immutable
            ? 'public, max-age=31536000, immutable'
            : widget
              ? WIDGET_SCRIPT_CACHE
              : 'public, max-age=300',
        );
      },
    });
    // Other websites load /widget.js with a plain <script>: helmet's same-origin resource policy would block it.
    app.addHook('onSend', async (request, reply) => {
      if (request.url.split('?')[0] === WIDGET_SCRIPT)
        reply.header('cross-origin-resource-policy', 'cross-origin');
    });
  }
  const template = hasWeb ? embedConfig(readFileSync(indexFile, 'utf8'), clientConfig) : null;
  const indexHtml = template ? compressPage(template) : null;
  // The site's pages arrive with their content (then the app takes over), titled for search and previews.
  const sitePages = new Map<string, CompressedPage>();
  if (webDist && template) {
    for (const [route, page] of await prerenderPages(webDist, INDEXED_ROUTES, clientConfig, app.log)) {
      const site = { url: `${publicUrl}${route}`, name: clientConfig.brand };
      sitePages.set(route, compressPage(withPrerenderedPage(template, page, site)));
    }
  }
  const embedFile = webDist ? path.join(webDist, 'embed.html') : null;
  const embedHtml =
    embedFile && existsSync(embedFile)
      ? compressPage(embedConfig(readFileSync(embedFile, 'utf8'), clientConfig))
      : indexHtml;

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (isPublicApi(url)) return sendPublicError(reply, 404, API_MSG.notFound);
    if (url === '/api' || url.startsWith('/api/') || !wantsPage || !indexHtml) {
      return reply.status(404).send({ error: API_MSG.notFound });
    }
    const chatPrefix = [EMBED_PREFIX, PUBLIC_CHAT_PREFIX].find((prefix) => url.startsWith(prefix));
    if (chatPrefix) {
      await allowFraming(reply, botIdentifierOf(url, chatPrefix), botDomains);
      return sendPage(request, reply, embedHtml ?? indexHtml);
    }
    if (!isAppPath(url)) reply.status(404);
    return sendPage(request, reply, sitePages.get(withoutTrailingSlash(url)) ?? indexHtml);
  });
}

function sendPage(request: FastifyRequest, reply: FastifyReply, page: CompressedPage) {
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding');
  if (!encoding) return reply.send(page.identity);
  return reply.header('content-encoding', encoding).send(page[encoding]);
}

const withoutTrailingSlash = (url: string) => (url.length > 1 ? url.replace(/\/+$/, '') : url);

/** The share id of /embed/:shareId, or the bot id of /public-chat/:botId. */
function botIdentifierOf(url: string, prefix: string): string | null {
  try {
    const id = decodeURIComponent(url.slice(prefix.length).split('/')[0] ?? '').trim();
    return id && id.length <= BOT_IDENTIFIER_MAX ? id : null;
  } catch {
    return null;
  }
}

/**
 * The chat's pages are meant to be framed: no X-Frame-Options, and frame-ancestors from the bot's allowed
 * websites. Every other page keeps helmet's frame-ancestors 'self'.
 */
async function allowFraming(
  reply: FastifyReply,
  identifier: string | null,
  lookup: BotDomainsLookup | undefined,
) {
  let sources = frameAncestorsFor(null);
  if (identifier && lookup) {
    try {
      sources = frameAncestorsFor(await lookup(identifier));
    } catch (error) {
      reply.log.error({ err: error }, 'allowed domains lookup failed');
      // Unknown: this origin only, rather than every website.
      sources = "'self'";
    }
  }
  reply.removeHeader('x-frame-options');
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy === 'string')
    reply.header('content-security-policy', withFrameAncestors(policy, sources));
}

function embedConfig(html: string, clientConfig: ClientConfig): string {
  const json = JSON.stringify(clientConfig).replace(/</g, '\\u003c');
  const tag = `<script type="application/json" id="${CLIENT_CONFIG_ELEMENT_ID}">${json}</script>`;
  return html.replace('<!--app-config-->', tag);
}
