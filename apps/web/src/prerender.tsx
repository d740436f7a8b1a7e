/**
 * The server's entry for prerendering the site's pages: renders a route of the app to HTML, with the page's
 * title and description, as a browser would first show it to a signed-out visitor. Built by vite.config.ts
 * into dist-ssr/ and run by the server at start (apps/server/src/http/prerendered-pages.ts), with the
 * server's own client config, so the HTML says what the running product says.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { ClientConfig } from '@vuxo/shared/schemas';
import { AuthProvider } from './features/auth/auth-provider';
import { routes } from './app/router';
import { provideAppConfig } from './app/config';
import { layoutVariablesCss } from './app/layout/layout-variables';
import { PageHeadCollector, PageHeadContext, type PageHead } from './components/ui/use-page-title';

export interface PrerenderedPage extends PageHead {
  /** The markup of #root. */
  html: string;
  /** A stylesheet the page needs before the app's script runs. */
  css: string;
}

export async function prerenderPage(path: string, config: ClientConfig): Promise<PrerenderedPage> {
  provideAppConfig(config);
  // The first pass waits for the page's lazy modules to load; the second, with them loaded, writes the page
  // in one piece (a streamed part would need an inline script to show, which the site's CSP refuses).
  const loading = await prerenderToNodeStream(await tree(path, new PageHeadCollector()));
  for await (const _chunk of loading.prelude) {
    // Drained only: the pass exists to load the modules.
  }
  const head = new PageHeadCollector();
  const html = renderToString(await tree(path, head));
  if (html.includes('<script') || html.includes('<!--$!-->')) {
    throw new Error(`${path} did not finish rendering on the server`);
  }
  return { title: head.title, description: head.description, html, css: layoutVariablesCss() };
}

async function tree(path: string, head: PageHeadCollector) {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path} redirects; only pages are prerendered`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return (
    <StrictMode>
      <PageHeadContext.Provider value={head}>
        <AuthProvider>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AuthProvider>
      </PageHeadContext.Provider>
    </StrictMode>
  );
}
