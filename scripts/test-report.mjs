#!/usr/bin/env node
// Where a test run's time went: each stage's time and the slowest test files, read from the stage log and the
// JSON reports that Vitest and Playwright write into TEST_REPORT_DIR (vitest.config.ts, e2e/playwright.config.ts).
//   node scripts/test-report.mjs [dir] [--top N]
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const topAt = args.indexOf('--top');
const top = topAt >= 0 ? Number(args.splice(topAt, 2)[1]) : 15;
const dir = path.resolve(args[0] ?? process.env.TEST_REPORT_DIR ?? 'test-results/report');

const seconds = (ms) => (ms / 1000).toFixed(1);
const pad = (text, width) => String(text).padEnd(width);
const padLeft = (text, width) => String(text).padStart(width);

/** Vitest's JSON report: one entry per file, with its start and end. */
function vitestFiles(report, stage) {
  return report.testResults.map((file) => ({
    stage,
    file: path.relative(process.cwd(), file.name),
    ms: Math.max(0, (file.endTime ?? 0) - (file.startTime ?? 0)),
    tests: file.assertionResults.length,
  }));
}

/** Playwright's JSON report: a file's time is the sum of its tests' attempts (they may run on both workers). */
function playwrightFiles(report, stage) {
  const byFile = new Map();
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      const entry = byFile.get(spec.file) ?? { stage, file: `e2e/tests/${spec.file}`, ms: 0, tests: 0 };
      for (const test of spec.tests) {
        entry.tests += 1;
        for (const result of test.results) entry.ms += result.duration;
      }
      byFile.set(spec.file, entry);
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites) walk(suite);
  return [...byFile.values()];
}

function readReports() {
  const files = [];
  for (const name of readdirSync(dir)
    .filter((n) => n.endsWith('.json'))
    .sort()) {
    const report = JSON.parse(readFileSync(path.join(dir, name), 'utf8'));
    const stage = name.replace(/\.json$/, '');
    if (Array.isArray(report.testResults)) files.push(...vitestFiles(report, stage));
    else if (Array.isArray(report.suites)) files.push(...playwrightFiles(report, stage));
  }
  return files;
}

if (!existsSync(dir)) {
  console.log(`No test report in ${dir}.`);
  process.exit(0);
}

const stagesFile = path.join(dir, 'stages.tsv');
if (existsSync(stagesFile)) {
  const stages = readFileSync(stagesFile, 'utf8')
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split('\t'));
  console.log('\nStage times (typecheck and lint run side by side)');
  for (const [stage, secs, status] of stages) {
    console.log(`  ${pad(stage, 28)} ${padLeft(Number(secs).toFixed(0), 6)} s  ${status}`);
  }
}

const files = readReports().sort((a, b) => b.ms - a.ms);
if (files.length > 0) {
  console.log(`\nThe ${Math.min(top, files.length)} slowest test files (of ${files.length})`);
  for (const f of files.slice(0, top)) {
    console.log(
      `  ${padLeft(seconds(f.ms), 7)} s  ${pad(f.stage, 6)} ${padLeft(f.tests, 4)} tests  ${f.file}`,
    );
  }
}
