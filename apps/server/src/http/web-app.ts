import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { API_MSG, CLIENT_CONFIG_ELEMENT_ID, WIDGET_SCRIPT_PATH, type ClientConfig } from '@vuxo/shared';
import type { BotDomainsLookup } from './allowed-origins.js';
import { frameAncestorsFor, withFrameAncestors } from './security.js';

/** The one-line embed script (decisions, section 8): loaded by other websites, cached briefly. */
const WIDGET_SCRIPT = WIDGET_SCRIPT_PATH;
const WIDGET_SCRIPT_CACHE = 'public, max-age=300, stale-while-revalidate=86400';
const EMBED_PREFIX = '/embed/';
const PUBLIC_CHAT_PREFIX = '/public-chat/';

/**
 * Serves the built React app: hashed assets with long caching, and index.html (with the client config
 * embedded as JSON data) for every other non-API path, so the app's router decides what to show.
 * The chat's own pages, /embed/* and /public-chat/*, get the light chat entry (embed.html) instead, and
 * /embed/* may be framed by the websites the bot allows (any website when it lists none).
 */
export async function serveWebApp(
  app: FastifyInstance,
  webDist: string | null,
  clientConfig: ClientConfig,
  botDomains?: BotDomainsLookup,
) {
  const indexFile = webDist ? path.join(webDist, 'index.html') : null;
  const hasWeb = indexFile !== null && existsSync(indexFile);
  if (webDist && hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      index: false,
      // One route per built file; every other path falls through to the app (the not-found handler).
      wildcard: false,
      // Pages are served with the client config embedded, never as raw files.
      allowedPath: (pathName) => !pathName.endsWith('.html'),
      // The headers below decide caching (send's own `max-age=0` would otherwise win).
      cacheControl: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        const widget = filePath === path.join(webDist, WIDGET_SCRIPT);
        res.setHeader(
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
  const indexHtml = hasWeb ? embedConfig(readFileSync(indexFile, 'utf8'), clientConfig) : null;
  const embedFile = webDist ? path.join(webDist, 'embed.html') : null;
  const embedHtml =
    embedFile && existsSync(embedFile)
      ? embedConfig(readFileSync(embedFile, 'utf8'), clientConfig)
      : indexHtml;

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (url === '/api' || url.startsWith('/api/') || !wantsPage || !indexHtml) {
      return reply.status(404).send({ error: API_MSG.notFound });
    }
    if (url.startsWith(EMBED_PREFIX)) {
      await allowFraming(reply, shareIdOf(url), botDomains);
      return sendPage(reply, embedHtml ?? indexHtml);
    }
    if (url.startsWith(PUBLIC_CHAT_PREFIX)) return sendPage(reply, embedHtml ?? indexHtml);
    return sendPage(reply, indexHtml);
  });
}

function sendPage(reply: FastifyReply, html: string) {
  return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
}

function shareIdOf(url: string): string | null {
  try {
    const id = decodeURIComponent(url.slice(EMBED_PREFIX.length).split('/')[0] ?? '').trim();
    return id && id.length <= 100 ? id : null;
  } catch {
    return null;
  }
}

/**
 * /embed/:shareId is meant to be framed: no X-Frame-Options, and frame-ancestors from the bot's allowed
 * websites (decisions, section 8). Every other page keeps helmet's frame-ancestors 'self'.
 */
async function allowFraming(
  reply: FastifyReply,
  shareId: string | null,
  lookup: BotDomainsLookup | undefined,
) {
  let sources = frameAncestorsFor(null);
  if (shareId && lookup) {
    try {
      sources = frameAncestorsFor(await lookup(shareId));
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
