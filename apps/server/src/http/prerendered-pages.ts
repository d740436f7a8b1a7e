import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { ClientConfig } from '@vuxo/shared';

/** What the web app's prerender entry (apps/web/src/prerender.tsx) gives for one page. */
export interface PrerenderedPage {
  html: string;
  title: string;
  description: string;
  css: string;
}

type Prerender = (path: string, config: ClientConfig) => Promise<PrerenderedPage>;

/**
 * Renders the site's pages once, at start, with the running server's client config, using the web build's
 * server entry (dist-ssr/ beside dist/). Without that build, or for a page that fails to render, the app's
 * empty page is served as before (the browser renders it), so a failure here costs speed, never a page.
 */
export async function prerenderPages(
  webDist: string,
  paths: readonly string[],
  config: ClientConfig,
  log: FastifyBaseLogger,
): Promise<Map<string, PrerenderedPage>> {
  const pages = new Map<string, PrerenderedPage>();
  const entry = path.join(webDist, '..', 'dist-ssr', 'prerender.js');
  if (!existsSync(entry)) return pages;
  let prerender: Prerender;
  try {
    ({ prerenderPage: prerender } = (await import(pathToFileURL(entry).href)) as {
      prerenderPage: Prerender;
    });
  } catch (error) {
    log.warn({ err: error }, 'the prerender build could not be loaded; pages render in the browser');
    return pages;
  }
  for (const page of paths) {
    try {
      pages.set(page, await prerender(page, config));
    } catch (error) {
      log.warn({ err: error, page }, 'a page could not be prerendered; it renders in the browser');
    }
  }
  return pages;
}

const escapeHtml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', '"': 'quot', "'": '#39' }[c]};`);

/**
 * The app's page with a prerendered page in it: its markup in #root, its title and description, the
 * canonical address and the Open Graph tags that link previews read.
 */
export function withPrerenderedPage(
  template: string,
  page: PrerenderedPage,
  site: { url: string; name: string },
): string {
  const title = escapeHtml(page.title);
  const description = escapeHtml(page.description);
  const url = escapeHtml(site.url);
  const head = [
    `<link rel="canonical" href="${url}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(site.name)}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${url}" />`,
    `<meta name="twitter:card" content="summary" />`,
    `<style>${page.css}</style>`,
  ].join('\n    ');
  return template
    .replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${description}" />`,
    )
    .replace('</head>', () => `  ${head}\n  </head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${page.html}</div>`);
}
