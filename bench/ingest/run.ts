/**
 * bench/ingest: for a generated 100-page PDF, extraction time beside poppler's pdftotext on the same
 * file in the same run, and the time from save to Ready through the real API (goal: under 10 s).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { hundredPagePdf } from './hundred-page-pdf.js';
import { SITE_PAGES, startBenchSite, timeSiteSource } from './site-crawl.js';
import { median, printTable, startLocalApp } from '../support/local-app.js';

const RUNS = 5;

async function time<T>(fn: () => Promise<T> | T): Promise<[number, T]> {
  const start = performance.now();
  const value = await fn();
  return [performance.now() - start, value];
}

function ensurePdftotext(): boolean {
  if (spawnSync('pdftotext', ['-v']).status === 0) return true;
  console.log('Installing poppler-utils for pdftotext...');
  return (
    spawnSync(
      'bash',
      ['-c', 'apt-get install -y poppler-utils || (apt-get update && apt-get install -y poppler-utils)'],
      { stdio: 'ignore' },
    ).status === 0
  );
}

const pdf = await hundredPagePdf();
const file = path.join(mkdtempSync(path.join(tmpdir(), 'vuxo-ingest-')), 'handbook-100.pdf');
writeFileSync(file, pdf);
console.log(`Generated ${file}: 100 pages, ${(pdf.byteLength / 1024).toFixed(0)} KiB`);

// Extraction is measured on the built server, in a plain Node process, as `npm start` runs it.
// From the repository's root: npm runs this bench from bench/, where the workspace paths do not resolve.
execFileSync('npm', ['run', 'build', '-w', 'packages/shared', '-w', 'apps/server'], {
  cwd: path.resolve(import.meta.dirname, '../..'),
  stdio: 'ignore',
});
const timing = execFileSync(process.execPath, [
  path.join(import.meta.dirname, 'time-extraction.mjs'),
  file,
  String(RUNS),
]);
const { times: ours, characters } = JSON.parse(timing.toString()) as { times: number[]; characters: number };
const poppler: number[] = [];
if (ensurePdftotext()) {
  for (let i = 0; i < RUNS; i++) {
    const [ms] = await time(() => execFileSync('pdftotext', ['-layout', file, '-']));
    poppler.push(ms);
  }
}

const local = await startLocalApp({ env: { ALLOW_PRIVATE_URLS: 'on' } });
const site = await startBenchSite();
let saveToReady: number;
let crawl: { ms: number; pages: number };
try {
  const owner = await local.owner();
  const { token } = owner;
  const uploaded = await owner.upload({ bytes: pdf, type: 'application/pdf', name: 'handbook-100.pdf' });
  const started = performance.now();
  const botId = await owner.saveBot({ name: 'Bench Bot', welcome: 'Hello!' }, uploaded);
  await owner.untilReady(botId, { timeoutMs: 5 * 60_000, pollMs: 20 });
  saveToReady = performance.now() - started;
  // The same bot on Pro reads a 50-page website.
  await local.subscribe('pro');
  crawl = await timeSiteSource({ baseUrl: local.baseUrl, token, botId, siteOrigin: site.origin });
} finally {
  await local.close();
  await site.close();
}

const oursMs = median(ours);
const popplerMs = poppler.length ? median(poppler) : NaN;
printTable(`bench/ingest — 100-page PDF, median of ${RUNS} runs (${characters} characters extracted)`, [
  ['measure', 'time', 'note'],
  [
    'extraction (pdf.js in a child process)',
    `${oursMs.toFixed(0)} ms`,
    'built server; includes starting the process',
  ],
  [
    'pdftotext -layout (poppler)',
    Number.isNaN(popplerMs) ? 'n/a' : `${popplerMs.toFixed(0)} ms`,
    'same file, same run',
  ],
  ['ratio (ours / poppler)', Number.isNaN(popplerMs) ? 'n/a' : `${(oursMs / popplerMs).toFixed(1)}x`, ''],
  [
    'save to Ready',
    `${(saveToReady / 1000).toFixed(2)} s`,
    saveToReady < 10_000 ? 'goal < 10 s: met' : 'goal < 10 s: NOT met',
  ],
  [
    `website source: a ${SITE_PAGES}-page local site (Pro), add to Ready`,
    `${(crawl.ms / 1000).toFixed(2)} s, ${((crawl.pages / crawl.ms) * 1000).toFixed(1)} pages/s`,
    `${crawl.pages} pages read; fetch, readable text and rebuild`,
  ],
]);
process.exit(0);
