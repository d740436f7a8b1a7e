import { availableParallelism } from 'node:os';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

/** Tests read @vuxo/shared's TypeScript source (its `source` export condition), never a stale dist/. */
const source = {
  resolve: { conditions: ['source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
};

/** With TEST_REPORT_DIR (CI), each file's time also goes to a JSON report there, for scripts/test-report.mjs. */
const reportDir = process.env.TEST_REPORT_DIR;
const report = reportDir
  ? {
      reporters: ['default', 'json'],
      outputFile: {
        json: `${reportDir}/vitest-${process.env.TEST_REPORT_NAME ?? (process.env.TEST_STACK ? 'stack' : 'unit')}.json`,
      },
    }
  : {};

// The API tests mostly wait (on the Auth emulator, child processes, servers they start): one file per core left
// two cores 70 % idle, so one more file runs than there are cores (decision 083).
const MAX_WORKERS = availableParallelism() + 1;

/** Server files that count the process's own reading processes: another file's idle ones would be counted too. */
const SERVER_FILES_ISOLATED = ['apps/server/test/adapters/web/html-bounds.test.ts'];

const WEB_FILES_ISOLATED = [
  'test/auth-provider.test.tsx',
  'test/payment/stripe-checkout.test.tsx',
  'test/wizard/summary-and-confetti.test.tsx',
];

const serverTests = {
  environment: 'node',
  globals: true,
  testTimeout: 30_000,
  hookTimeout: 60_000,
  globalSetup: ['apps/server/test/support/global-setup.ts'],
  // The MCP SDK's client reads eventsource-parser, whose `source` condition (ours too) names TypeScript that Node
  // will not load from node_modules: Vite transforms it instead.
  server: { deps: { inline: [/@modelcontextprotocol\/sdk\/dist\/esm\/client/, 'eventsource-parser'] } },
};

/** One unit/API test run over the workspace: packages/shared, the server (API and data layer) and the web app. */
export default defineConfig({
  test: {
    ...report,
    maxWorkers: MAX_WORKERS,
    projects: [
      {
        ...source,
        test: { name: 'shared', include: ['packages/shared/test/**/*.test.ts'], environment: 'node' },
      },
      {
        ...source,
        test: {
          // The engine's files hold no state between them (checked in shuffled orders): they share one module
          // graph per worker instead of importing the engine again for each file, which was half their time.
          name: 'engine',
          include: ['apps/server/test/engine/**/*.test.ts'],
          environment: 'node',
          globals: true,
          isolate: false,
          testTimeout: 30_000,
        },
      },
      {
        ...source,
        test: {
          ...serverTests,
          // The server's files share one module graph per worker too (checked in shuffled orders): importing the
          // app again for each file was a fifth of their time.
          name: 'server',
          include: ['apps/server/test/!(engine)/**/*.test.ts'],
          exclude: SERVER_FILES_ISOLATED,
          isolate: false,
        },
      },
      { ...source, test: { ...serverTests, name: 'server-isolated', include: SERVER_FILES_ISOLATED } },
      // The web app's files share one module graph per worker, except those that mock a module or read the page's
      // configuration once per module, which each get their own.
      {
        extends: 'apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['test/**/*.test.{ts,tsx}'],
          exclude: WEB_FILES_ISOLATED,
          isolate: false,
          maxWorkers: MAX_WORKERS,
        },
      },
      {
        extends: 'apps/web/vite.config.ts',
        test: {
          name: 'web-isolated',
          root: 'apps/web',
          include: WEB_FILES_ISOLATED,
          maxWorkers: MAX_WORKERS,
        },
      },
    ],
  },
});
