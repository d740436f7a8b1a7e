/**
 * bench/site: what a visitor's phone receives from the marketing site and the chat, against its budgets.
 * - Lighthouse 13 (mobile, its default simulated throttling) in Debian's Chromium on `/`, `/vuxo-chat`,
 *   `/plans` and `/wizard`: the four category scores, layout shift, paint times and bytes transferred;
 * - bytes on the wire for `/` and for the site bot's `/embed` page: what the server really sends (compressed,
 *   headers included) beside the same files gzipped at level 9 and uncompressed.
 * The server is the real app with the built web app and the site's own chat bot, as `npm start` runs it.
 * Run: npm run bench:site -w bench [-- --no-build] [--pages=/,/plans] [--reports=DIR] [--against=DIR] [--rounds=N].
 * `--reports` keeps each page's full Lighthouse report (JSON) and the page load's trace for a closer look.
 * `--against=DIR` measures another build as well (DIR holds its dist/ and dist-ssr/, copied from apps/web),
 * each page on each build in turn, `--rounds` times: scores follow the machine's load, so two builds are compared
 * only back to back. Each Lighthouse row names its build and the load average when it ran.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium, type Response } from 'playwright-core';
import { SITE_BOT } from '../../apps/server/src/services/site-bot/site-bot.js';
import { printTable, startLocalApp } from '../support/local-app.js';

const root = path.resolve(import.meta.dirname, '../..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'];
const pagesArgument = process.argv.find((arg) => arg.startsWith('--pages='));
/** The pages measured; `--pages=/,/plans` measures some of them. */
const PAGES = pagesArgument
  ? pagesArgument.slice('--pages='.length).split(',')
  : ['/', '/vuxo-chat', '/plans', '/wizard'];
const reportsArgument = process.argv.find((arg) => arg.startsWith('--reports='));
/** Where each page's full Lighthouse report is written, when asked. */
const REPORTS_DIR = reportsArgument ? path.resolve(reportsArgument.slice('--reports='.length)) : undefined;
const againstArgument = process.argv.find((arg) => arg.startsWith('--against='));
/** Another build to measure back to back with this one (its dist/ and dist-ssr/ side by side). */
const AGAINST_DIR = againstArgument ? path.resolve(againstArgument.slice('--against='.length)) : undefined;

const roundsArgument = process.argv.find((arg) => arg.startsWith('--rounds='));
const ROUNDS = roundsArgument ? Math.max(1, Number(roundsArgument.slice('--rounds='.length))) : 1;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/** The budgets: performance ≥ 95, every other category 100, layout shift ≤ 0.02. */
const BUDGET = {
  score: { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 },
  cls: 0.02,
} as const;
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
/** The landing page's initial JavaScript (the scripts its HTML names), gzipped: at most 120 kB. */
const LANDING_INITIAL_JS_BUDGET = 120_000;

if (!process.argv.includes('--no-build')) {
  console.log('Building the web app (npm run build -w packages/shared -w apps/web)...');
  execFileSync('npm', ['run', 'build', '-w', 'packages/shared', '-w', 'apps/web'], {
    cwd: root,
    stdio: 'ignore',
  });
}

const local = await startLocalApp({ webDist: path.join(root, 'apps/web/dist'), siteChat: true });
const other = AGAINST_DIR
  ? await startLocalApp({ webDist: path.join(AGAINST_DIR, 'dist'), siteChat: true })
  : undefined;
try {
  await settle(local);
  if (other) await settle(other);
  const builds = [
    { name: 'this', baseUrl: local.baseUrl },
    ...(other ? [{ name: path.basename(AGAINST_DIR!), baseUrl: other.baseUrl }] : []),
  ];
  const lighthouseRows = await measureLighthouse(builds);
  const wireRows = await measureWire(local.baseUrl);
  const initialJs = await measureInitialJavaScript(local.baseUrl);
  printTable('bench/site — Lighthouse 13, mobile (simulated slow 4G, 4× CPU slowdown)', [
    [
      'build',
      'load',
      'page',
      'performance',
      'accessibility',
      'best practices',
      'SEO',
      'CLS',
      'FCP',
      'LCP',
      'TBT',
      'transferred',
    ],
    ...lighthouseRows.map((row) => row.cells),
  ]);
  printTable('bench/site — bytes on the wire (the page and everything it loads at once)', [
    ['page', 'requests', 'on the wire', 'gzip -9 of the same', 'uncompressed'],
    ...wireRows,
  ]);
  printTable("bench/site — the landing page's initial JavaScript (the scripts its HTML names)", [
    ['scripts', 'gzip -9', 'budget'],
    [initialJs.files, kb(initialJs.gzip), `≤ ${kb(LANDING_INITIAL_JS_BUDGET)}`],
  ]);
  const misses = [
    ...lighthouseRows.flatMap((row) => row.misses),
    ...(initialJs.gzip > LANDING_INITIAL_JS_BUDGET ? [`/ initial JavaScript ${kb(initialJs.gzip)}`] : []),
  ];
  console.log(
    misses.length === 0
      ? `\nBudgets met: performance ≥ ${BUDGET.score.performance}, the rest 100, CLS ≤ ${BUDGET.cls}, initial JavaScript ≤ ${kb(LANDING_INITIAL_JS_BUDGET)}.`
      : `\nBudgets NOT met: ${misses.join('; ')}.`,
  );
} finally {
  await local.close();
  await other?.close();
}

/**
 * Waits until the server has built the site's own bots (a job at start-up) and Chromium, the emulator and the
 * server are warm: the first page measured would otherwise share the machine with all of that.
 */
async function settle(app: Awaited<ReturnType<typeof startLocalApp>>) {
  const pending = async () =>
    (
      await app.database.db
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('status', 'in', ['queued', 'running'])
        .executeTakeFirstOrThrow()
    ).count;
  while (Number(await pending()) > 0) await new Promise((resolve) => setTimeout(resolve, 250));
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    await lighthouse(`${app.baseUrl}${PAGES[0]}`, {
      port: chrome.port,
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
  } finally {
    chrome.kill();
  }
}

/** Each page on each build in turn, ROUNDS times: builds compared back to back share the machine's load. */
async function measureLighthouse(builds: { name: string; baseUrl: string }[]) {
  const rows: { cells: (string | number)[]; misses: string[] }[] = [];
  for (let round = 0; round < ROUNDS; round++)
    for (const page of PAGES)
      for (const build of builds) {
        const row = await measurePage(build.baseUrl, page, build.name === 'this' ? '' : `.${build.name}`);
        // Only this build's figures are held to the budgets.
        rows.push({
          cells: [build.name, loadavg()[0]!.toFixed(1), ...row.cells],
          misses: build.name === 'this' ? row.misses : [],
        });
      }
  return rows;
}

/** One page's Lighthouse row; `reportSuffix` names the other build's reports. */
async function measurePage(baseUrl: string, page: string, reportSuffix: string) {
  // A fresh browser per page: no cache or service state carried from the page before.
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    const run = () =>
      lighthouse(`${baseUrl}${page}`, {
        port: chrome.port,
        logLevel: 'error',
        output: 'json',
        onlyCategories: [...CATEGORIES],
      });
    let result = await run();
    // A trace Chromium failed to record (NO_NAVSTART and the like) says nothing of the page: Lighthouse asks
    // to run again, so the bench does, once.
    if (result?.lhr.runtimeError) result = await run();
    if (!result) throw new Error(`Lighthouse gave no result for ${page}`);
    if (REPORTS_DIR) {
      mkdirSync(REPORTS_DIR, { recursive: true });
      const name = `${page === '/' ? 'landing' : page.replace(/^\//, '').replace(/\//g, '_')}${reportSuffix}`;
      writeFileSync(path.join(REPORTS_DIR, `${name}.json`), JSON.stringify(result.lhr, null, 2));
      // The page load's trace, for Chromium's Performance panel or a script.
      const trace = (result.artifacts as { Trace?: unknown }).Trace;
      if (trace) writeFileSync(path.join(REPORTS_DIR, `${name}.trace.json`), JSON.stringify(trace));
    }
    const { categories, audits } = result.lhr;
    const scores = CATEGORIES.map((name) => Math.round((categories[name]?.score ?? 0) * 100));
    const cls = audits['cumulative-layout-shift']?.numericValue ?? 0;
    const ms = (id: string) => `${Math.round(audits[id]?.numericValue ?? 0)} ms`;
    // A category under budget is named with the audits it failed, so the line says what to fix.
    const failed = (name: (typeof CATEGORIES)[number]) =>
      (categories[name]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => ref.id)
        .join(', ');
    const misses = [
      ...(result.lhr.runtimeError ? [`${page}: ${result.lhr.runtimeError.message}`] : []),
      ...CATEGORIES.flatMap((name, i) =>
        scores[i]! < BUDGET.score[name] ? [`${page} ${name} ${scores[i]} (${failed(name)})`] : [],
      ),
      ...(cls > BUDGET.cls ? [`${page} CLS ${cls.toFixed(3)}`] : []),
    ];
    return {
      cells: [
        page,
        ...scores,
        cls.toFixed(3),
        ms('first-contentful-paint'),
        ms('largest-contentful-paint'),
        ms('total-blocking-time'),
        kb(audits['total-byte-weight']?.numericValue ?? 0),
      ],
      misses,
    };
  } finally {
    chrome.kill();
  }
}

/** Loads each page in Chromium and adds up what its own origin sent until the network went quiet. */
async function measureWire(baseUrl: string) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  const rows: (string | number)[][] = [];
  try {
    for (const page of ['/', `/embed/${SITE_BOT.shareId}`]) {
      const context = await browser.newContext();
      const tab = await context.newPage();
      const responses: Response[] = [];
      tab.on('response', (response) => {
        if (response.url().startsWith(baseUrl)) responses.push(response);
      });
      await tab.goto(`${baseUrl}${page}`, { waitUntil: 'networkidle' });
      let wire = 0;
      let gzip = 0;
      let plain = 0;
      for (const response of responses) {
        const sizes = await response.request().sizes();
        wire += sizes.responseHeadersSize + sizes.responseBodySize;
        const body = await response.body().catch(() => Buffer.alloc(0));
        plain += body.length;
        gzip += gzipSync(body, { level: 9 }).length;
      }
      rows.push([page, responses.length, kb(wire), kb(gzip), kb(plain)]);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return rows;
}

/** The module script and the preloads the landing page's HTML names: what runs before anything is lazy-loaded. */
async function measureInitialJavaScript(baseUrl: string) {
  const html = await (await fetch(`${baseUrl}/`)).text();
  const paths = [
    ...html.matchAll(/<script type="module"[^>]*\ssrc="([^"]+)"/g),
    ...html.matchAll(/<link rel="modulepreload"[^>]*\shref="([^"]+)"/g),
  ].map((match) => match[1]!);
  let gzip = 0;
  for (const file of paths) {
    const body = Buffer.from(await (await fetch(new URL(file, baseUrl))).arrayBuffer());
    gzip += gzipSync(body, { level: 9 }).length;
  }
  return { files: paths.length, gzip };
}
