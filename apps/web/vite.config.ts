/// <reference types="vitest/config" />
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = process.env.VUXO_API_URL ?? 'http://127.0.0.1:3001';

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

export default defineConfig({
  plugins: [react(), devClientConfig()],
  // @vuxo/shared is read from its TypeScript source (its `source` export condition).
  resolve: { conditions: ['source', ...defaultClientConditions] },
  server: {
    port: Number(process.env.PORT ?? 3000),
    strictPort: true,
    proxy: { '/api': apiTarget },
  },
  build: { outDir: 'dist', sourcemap: true },
  test: {
    environment: 'happy-dom',
    include: ['test/**/*.test.{ts,tsx}'],
  },
});
