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

/** One unit/API test run over the workspace: packages/shared, the server (API and data layer) and the web app. */
export default defineConfig({
  test: {
    ...report,
    // The API tests mostly wait (on the Auth emulator, child processes, servers they start): one file per core left
    // two cores 70 % idle, so one more file runs than there are cores (decision 083).
    maxWorkers: availableParallelism() + 1,
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
