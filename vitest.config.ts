import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

/** Tests read @vuxo/shared's TypeScript source (its `source` export condition), never a stale dist/. */
const source = {
  resolve: { conditions: ['source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
};

/** One unit/API test run over the workspace: packages/shared, the server (API and data layer) and the web app. */
export default defineConfig({
  test: {
    projects: [
      {
        ...source,
        test: { name: 'shared', include: ['packages/shared/test/**/*.test.ts'], environment: 'node' },
      },
      {
        ...source,
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          globals: true,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: ['apps/server/test/support/global-setup.ts'],
        },
      },
      'apps/web/vite.config.ts',
    ],
  },
});
