/// <reference types="vitest/config" />
import path from 'node:path';
import {
  build,
  defaultClientConditions,
  defaultServerConditions,
  defineConfig,
  type InlineConfig,
  type Plugin,
} from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress.ts';

const apiTarget = process.env.VUXO_API_URL ?? 'http://127.0.0.1:3001';
const root = import.meta.dirname;
// @vuxo/shared is read from its TypeScript source (its `source` export condition).
const conditions = ['source', ...defaultClientConditions];
const serverConditions = ['source', ...defaultServerConditions];
/**
 * One copy of Firebase's app registry: `firebase` pins its own @firebase/app beside the root one the server's
 * firebase-admin brings, and `firebase/auth` registers with whichever it resolves. Two copies mean "Component
 * auth has not been registered yet" at sign-in.
 */
const dedupe = ['@firebase/app'];
/** Browser builds only, for the markdown renderer's weight (see each shim). */
const alias = {
  '@ungap/structured-clone': path.join(root, 'src/shims/structured-clone.ts'),
  'property-information': path.join(root, 'src/shims/property-information.ts'),
};

/** In development the API server is separate: fetch the client config from it and embed it like production does. */
function devClientConfig(): Plugin {
  return {
    name: 'vuxo-dev-client-config',
    apply: 'serve',
    async transformIndexHtml(html) {
      const res = await fetch(`${apiTarget}/api/client-config`);
      const json = (await res.text()).replace(/</g, '\\u003c');
      return html.replace(
        '<!--app-config-->',
        `<script type="application/json" id="vuxo-config">${json}</script>`,
      );
    },
  };
}

/**
 * The page's font (Inter, Latin) is asked for with the HTML rather than once the stylesheet is read: it arrives
 * before the first paint instead of re-laying out the page after it.
 */
function preloadLatinFont(): Plugin {
  return {
    name: 'vuxo-preload-latin-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const font = Object.keys(ctx.bundle ?? {}).find((name) =>
          /inter-latin-wght-normal-.*\.woff2$/.test(name),
        );
        return font
          ? [
              {
                tag: 'link',
                attrs: { rel: 'preload', href: `/${font}`, as: 'font', type: 'font/woff2', crossorigin: '' },
                injectTo: 'head',
              },
            ]
          : [];
      },
    },
  };
}

/**
 * The light chat entry (embed.html: /embed/:identifier and /public-chat/:botId). A build of its own, so it
 * leaves out what the full app needs; it reads its replies with the light valibot schemas
 * (`@vuxo/shared/chat-replies`) and loads no zod. bench/widget holds it to its budget.
 */
const embedBuild: InlineConfig = {
  configFile: false,
  root,
  logLevel: 'warn',
  plugins: [react()],
  resolve: { conditions, alias },
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    copyPublicDir: false,
    sourcemap: 'hidden',
    manifest: '.vite/embed-manifest.json',
    // One stylesheet, and the chunks loaded later import nothing the first one lacks: no preload helper.
    cssCodeSplit: false,
    modulePreload: false,
    rolldownOptions: {
      input: { embed: path.join(root, 'embed.html') },
      // Everything the first paint needs in one chunk: left to itself, the bundler split React and a few
      // constants out because later chunks share them, and each chunk gzipped alone costs bytes.
      output: { codeSplitting: { groups: [{ name: 'embed-initial', tags: ['$initial'] }] } },
    },
  },
};

/** /widget.js, the one-line embed: a tiny IIFE with no imports at run time. */
function loaderBuild(write: boolean): InlineConfig {
  return {
    configFile: false,
    root,
    logLevel: 'warn',
    resolve: { conditions },
    build: {
      outDir: 'dist',
      emptyOutDir: false,
      copyPublicDir: false,
      write,
      sourcemap: false,
      minify: true,
      lib: {
        entry: path.join(root, 'src/widget-loader/widget-loader.ts'),
        formats: ['iife'],
        name: 'VuxoWidget',
        fileName: () => 'widget.js',
      },
    },
  };
}

/**
 * The site's pages rendered on the server (src/prerender.tsx): one self-contained module in dist-ssr/, outside
 * what the server sends, which the server runs at start with its own client config.
 */
const prerenderBuild: InlineConfig = {
  configFile: false,
  root,
  logLevel: 'warn',
  plugins: [react()],
  resolve: { conditions: serverConditions, dedupe },
  ssr: { noExternal: true, resolve: { conditions: serverConditions } },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    ssr: path.join(root, 'src/prerender.tsx'),
    outDir: 'dist-ssr',
    emptyOutDir: true,
    copyPublicDir: false,
    sourcemap: false,
  },
};

/** After the app's build: the light chat entry and /widget.js, into the same dist/, then compressed copies. */
function chatEntries(): Plugin {
  return {
    name: 'vuxo-chat-entries',
    apply: 'build',
    closeBundle: {
      sequential: true,
      async handler() {
        await build(embedBuild);
        await build(loaderBuild(true));
        await build(prerenderBuild);
        await precompress(path.join(root, 'dist'));
      },
    },
  };
}

/** In development: embed.html for the chat's routes, and /widget.js built on request. */
function devChatEntries(): Plugin {
  return {
    name: 'vuxo-dev-chat-entries',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = req.url ?? '/';
        const pathname = url.split('?')[0] ?? '/';
        if (pathname === '/widget.js') {
          build(loaderBuild(false))
            .then((result) => {
              const outputs = Array.isArray(result) ? result : [result];
              const chunk = outputs
                .flatMap((o) => ('output' in o ? o.output : []))
                .find((o) => o.type === 'chunk');
              res.setHeader('content-type', 'text/javascript; charset=utf-8');
              res.end(chunk && 'code' in chunk ? chunk.code : '');
            })
            .catch(next);
          return;
        }
        const wantsPage = (req.headers.accept ?? '').includes('text/html');
        if (wantsPage && (pathname.startsWith('/embed/') || pathname.startsWith('/public-chat/'))) {
          req.url = `/embed.html${url.slice(pathname.length)}`;
        }
        next();
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), devClientConfig(), devChatEntries(), chatEntries(), preloadLatinFont()],
  resolve: { conditions, alias, dedupe },
  server: {
    port: Number(process.env.PORT ?? 3000),
    strictPort: true,
    proxy: { '/api': apiTarget },
  },
  // Source maps are kept beside the build for debugging, never linked from the scripts nor served.
  // One stylesheet for the whole app, in the page's head: a prerendered page is styled from its first paint,
  // where a lazily loaded page's own CSS would arrive with its script and move what the visitor sees.
  build: { outDir: 'dist', sourcemap: 'hidden', manifest: true, cssCodeSplit: false },
  // The test files are chosen by the workspace's vitest.config.ts (two projects over this configuration).
  test: {
    environment: 'happy-dom',
    setupFiles: ['test/setup.ts'],
  },
});
