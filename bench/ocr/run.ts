/**
 * OCR quality and speed on pages generated from known text: a clean 300 dpi scan, a phone-like photo (tilted,
 * unevenly lit, blurred, JPEG), a two-column page and a price list. Each page goes through the server's own
 * extraction (its child process, as an upload does); the time is the whole extraction of that page.
 * Goals (issue 33): >= 97 % words on clean scans, >= 90 % on photo-like ones, <= 5 s per page.
 */
import { extractDocument } from '../../apps/server/src/engine/extract/index.js';
import { makeScannedPdf } from '../../apps/server/test/fixtures/scan-fixtures.js';
import { printTable } from '../support/print-table.js';
import { asGreyPng, benchPages } from './pages.js';
import { rowsKept, wordAccuracy } from './score.js';

const percent = (value: number) => `${(value * 100).toFixed(1)} %`;
const pages = await benchPages();
const rows: (string | number)[][] = [['page', 'word accuracy', 'price rows on one line', 'seconds']];
const times: number[] = [];
for (const page of pages) {
  const started = performance.now();
  const document = await extractDocument(page.image, { ocrMaxPages: 1 });
  const seconds = (performance.now() - started) / 1000;
  times.push(seconds);
  const rowCheck = rowsKept(page.expected, document.text);
  rows.push([
    page.kind,
    percent(wordAccuracy(page.expected, document.text)),
    rowCheck.rows === 0 ? '-' : `${rowCheck.kept}/${rowCheck.rows}`,
    seconds.toFixed(1),
  ]);
  if (process.env.OCR_BENCH_VERBOSE) console.log(`--- ${page.kind}\n${document.text}`);
}

// A 4-page scanned PDF (render + OCR per page, one process and one engine start for all): a scanner's pages.
const scanned = pages.filter((page) => !page.kind.includes('tilted')).slice(0, 4);
const scans = await Promise.all(scanned.map((page) => asGreyPng(page.image)));
const pdf = await makeScannedPdf(scans);
const started = performance.now();
const label = `${scans.length}-page scanned PDF, per page`;
let pdfSeconds = 0;
try {
  const document = await extractDocument(pdf, { ocrMaxPages: scans.length });
  pdfSeconds = (performance.now() - started) / 1000 / scans.length;
  const expected = scanned.map((page) => page.expected).join('\n');
  rows.push([label, percent(wordAccuracy(expected, document.text)), '-', pdfSeconds.toFixed(1)]);
} catch (error) {
  rows.push([label, `refused: ${(error as Error).message}`, '-', '-']);
}

printTable('OCR (bench/ocr): word accuracy and seconds per page, this machine', rows);
const worst = Math.max(...times, pdfSeconds);
console.log(`\nslowest page ${worst.toFixed(1)} s (goal <= 5 s)`);
