#!/usr/bin/env node
/**
 * `npm run test:stack`: the API, hostile and jobs suites on PostgreSQL + Redis (TEST_STACK=postgres-redis), in two
 * runs. The files that start server processes on PostgreSQL (scale-out, faults-scaled, live-scaled) run one at a time after the
 * rest: those servers migrate their schemas outside the tests' schema lock (decision 083), so nothing else may
 * create or drop a schema beside them. Every other file runs side by side, as in the unit pass.
 */
import { spawnSync } from 'node:child_process';
import { globSync } from 'node:fs';

const ALONE = [
  'apps/server/test/api/scale-out.test.ts',
  'apps/server/test/api/faults-scaled.test.ts',
  'apps/server/test/api/live-scaled.test.ts',
  'apps/server/test/api/source-refresh-scaled.test.ts',
];
const SUITES = ['apps/server/test/api', 'apps/server/test/hostile', 'apps/server/test/jobs'];
/**
 * Files that run the same here as in the unit pass: each starts its own server process on SQLite (`serverProcess`, to
 * kill and restart it) or reads no database at all (the OpenAPI document). Run here they repeated the unit pass's run exactly (4 minutes of
 * CI); the unit pass runs them once.
 */
const SAME_ON_ANY_STACK = [
  'apps/server/test/api/build-recovery.test.ts',
  'apps/server/test/api/chat-visitors.test.ts',
  'apps/server/test/api/faults.test.ts',
  'apps/server/test/api/payment-recovery.test.ts',
  'apps/server/test/api/public-api-openapi.test.ts',
  'apps/server/test/api/reading-recovery.test.ts',
  'apps/server/test/api/webhooks-recovery.test.ts',
];

function vitest(args, reportName) {
  const run = spawnSync('npx', ['vitest', 'run', '--project', 'server', ...args], {
    stdio: 'inherit',
    env: { ...process.env, TEST_STACK: 'postgres-redis', TEST_REPORT_NAME: reportName },
  });
  return run.status ?? 1;
}

// The files are named one by one: a project's own `exclude` (vitest.config.ts) would override an `--exclude` here.
const stackFiles = SUITES.flatMap((suite) => globSync(`${suite}/**/*.test.ts`))
  .filter((file) => !ALONE.includes(file) && !SAME_ON_ANY_STACK.includes(file))
  .sort();
const sideBySide = vitest(stackFiles, 'stack');
const alone = vitest(['--maxWorkers=1', ...ALONE], 'stack-alone');
process.exit(sideBySide || alone);
