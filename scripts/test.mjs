#!/usr/bin/env node
// `npm test`: every check in turn, stopping at the first that fails. With TEST_REPORT_DIR set (CI sets it), each
// stage's time goes to stages.tsv there, for scripts/test-report.mjs.
import { appendFileSync, mkdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const STAGES = ['typecheck', 'lint', 'test:unit', 'test:e2e'];
const reportDir = process.env.TEST_REPORT_DIR;

for (const stage of STAGES) {
  const started = Date.now();
  const { status, signal } = spawnSync('npm', ['run', stage], { stdio: 'inherit' });
  const ok = status === 0;
  if (reportDir) {
    mkdirSync(reportDir, { recursive: true });
    const secs = ((Date.now() - started) / 1000).toFixed(1);
    appendFileSync(
      path.join(reportDir, 'stages.tsv'),
      `npm run ${stage}\t${secs}\t${ok ? 'ok' : 'failed'}\n`,
    );
  }
  if (!ok) {
    console.error(`npm test: ${stage} failed (${signal ?? `exit code ${status}`}).`);
    process.exit(status ?? 1);
  }
}
