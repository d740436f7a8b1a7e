#!/usr/bin/env node
// `npm test`: every check, stopping at the first step that fails. The type check and the lint run side by side
// (each is one process on one core, and both print only what is wrong). With TEST_REPORT_DIR set (CI sets it),
// each stage's time goes to stages.tsv there, for scripts/test-report.mjs.
import { appendFileSync, mkdirSync } from 'node:fs';
import { spawn } from 'node:child_process';
import path from 'node:path';

const STEPS = [['typecheck', 'lint'], ['test:unit'], ['test:e2e']];
const reportDir = process.env.TEST_REPORT_DIR;

function run(stage) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', stage], { stdio: 'inherit' });
    child.on('exit', (code, signal) => {
      const ok = code === 0;
      if (reportDir) {
        mkdirSync(reportDir, { recursive: true });
        const secs = ((Date.now() - started) / 1000).toFixed(1);
        appendFileSync(
          path.join(reportDir, 'stages.tsv'),
          `npm run ${stage}\t${secs}\t${ok ? 'ok' : 'failed'}\n`,
        );
      }
      if (!ok) console.error(`npm test: ${stage} failed (${signal ?? `exit code ${code}`}).`);
      resolve(ok ? 0 : (code ?? 1));
    });
  });
}

for (const step of STEPS) {
  const codes = await Promise.all(step.map(run));
  const failed = codes.find((code) => code !== 0);
  if (failed !== undefined) process.exit(failed);
}
