/**
 * bench/site tasks: the main thread's tasks of a page load in Chromium with a 4× slower CPU (no network
 * throttling), read from a trace: every task over 50 ms, the total blocking time after the first paint, the longest
 * task creating the router, and the same in thread CPU time (scaled to a 4× slower CPU), which other processes on a
 * busy machine stretch less than wall time. `--detail` prints what each long task spent its time on: the trace's
 * top-level events and the CPU profile's functions, named through the build's hidden source maps.
 * `--against=DIR` loads another build's pages too (DIR holds its dist/), each page on each build in turn,
 * `--rounds` times (3 by default); `--throttle=N` sets another CPU slowdown.
 * Run: npm run bench:site-tasks -w bench [-- --pages=/,/wizard] [--against=DIR] [--rounds=N] [--detail].
 * The server is the same as bench/site's (the built app with the site's chat); build the web app first.
 */
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { printTable, startLocalApp } from '../support/local-app.js';

const root = path.resolve(import.meta.dirname, '../..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const argument = (name: string) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const PAGES = argument('pages')?.split(',') ?? ['/', '/vuxo-chat', '/plans', '/wizard'];
const AGAINST_DIR = argument('against') ? path.resolve(argument('against')!) : undefined;
const ROUNDS = Math.max(1, Number(argument('rounds') ?? 3));
const DETAIL = process.argv.includes('--detail');
/** Chromium's CPU slowdown while loading; the CPU-time columns scale each task's thread time to a 4× slower CPU. */
const THROTTLE = Math.max(1, Number(argument('throttle') ?? 4));
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
  'blink.user_timing',
  'loading',
].join(',');
/** Where the builds' source maps are, to name the profiled functions. */
const DIST_DIRS = [
  path.join(root, 'apps/web/dist'),
  ...(AGAINST_DIR ? [path.join(AGAINST_DIR, 'dist')] : []),
];
const maps = new Map<string, TraceMap | undefined>();

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's CPU time in the event: what the load of other processes does not stretch. */
  tdur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: {
    name?: string;
    frame?: string;
    data?: Record<string, unknown> & { cpuProfile?: CpuProfileChunk; timeDeltas?: number[] };
  };
}
interface CpuProfileChunk {
  nodes?: {
    id: number;
    parent?: number;
    callFrame: { functionName: string; url?: string; lineNumber: number; columnNumber: number };
  }[];
  samples?: number[];
}

const local = await startLocalApp({ webDist: path.join(root, 'apps/web/dist'), siteChat: true });
const other = AGAINST_DIR
  ? await startLocalApp({ webDist: path.join(AGAINST_DIR, 'dist'), siteChat: true })
  : undefined;
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
try {
  const builds = [
    { name: 'this', baseUrl: local.baseUrl },
    ...(other ? [{ name: path.basename(AGAINST_DIR!), baseUrl: other.baseUrl }] : []),
  ];
  for (const build of builds) await loadPage(build.baseUrl, PAGES[0]!); // warm-up, discarded
  const rows: (string | number)[][] = [];
  for (let round = 0; round < ROUNDS; round++)
    for (const page of PAGES)
      for (const build of builds) {
        const load = loadavg()[0]!.toFixed(1);
        const result = await loadPage(build.baseUrl, page);
        rows.push([
          build.name,
          load,
          page,
          `${Math.round(result.fcp)} ms`,
          `${Math.round(result.tbt)} ms`,
          `${Math.round(result.longestAfterFcp)} ms`,
          result.routerTask,
          `${Math.round(result.cpuTbt)} ms`,
          result.cpuLongest.map(Math.round).join(', '),
          result.longTasks.map((task) => Math.round(task.dur)).join(', ') || '-',
        ]);
        if (DETAIL)
          for (const task of result.longTasks)
            console.log(
              `${build.name} ${page} task at ${Math.round(task.start)} ms, ${Math.round(task.dur)} ms:\n${task.detail}\n`,
            );
      }
  printTable('bench/site tasks — Chromium, 4× CPU: long tasks (ms from navigation) of each load', [
    [
      'build',
      'load',
      'page',
      'FCP',
      'TBT after FCP',
      'longest after FCP',
      "router creation's longest (wall / CPU)",
      'CPU: blocking (all tasks)',
      'CPU: 3 longest (ms)',
      'tasks over 50 ms (ms)',
    ],
    ...rows,
  ]);
} finally {
  await browser.close();
  await local.close();
  await other?.close();
}

async function loadPage(baseUrl: string, page: string) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    isMobile: true,
    hasTouch: true,
  });
  const tab = await context.newPage();
  const cdp = await context.newCDPSession(tab);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  await browser.startTracing(tab, { categories: CATEGORIES.split(',') });
  await tab.goto(`${baseUrl}${page}`, { waitUntil: 'load' });
  await tab.waitForTimeout(4000);
  const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] })
    .traceEvents;
  await context.close();
  return readTrace(events);
}

function readTrace(events: TraceEvent[]) {
  const fcpEvent = events.find((e) => e.name === 'firstContentfulPaint');
  if (!fcpEvent) throw new Error('No first contentful paint in the trace');
  const { pid, tid } = fcpEvent.pid !== undefined ? mainThreadOf(events, fcpEvent.pid) : fcpEvent;
  // The page's own navigation: the last one of its frame before the paint.
  const navigation =
    events
      .filter(
        (e) => e.name === 'navigationStart' && e.args?.frame === fcpEvent.args?.frame && e.ts <= fcpEvent.ts,
      )
      .at(-1) ?? fcpEvent;
  const main = events.filter((e) => e.pid === pid && e.tid === tid);
  const allTasks = main.filter((e) => e.name === 'RunTask' && e.ph === 'X');
  const tasks = allTasks.filter((e) => e.dur! > 50_000);
  const samples = profileSamples(events, pid);
  // The tasks creating the router (react-router's createBrowserRouter, or the app's steps of it).
  const routerTasks = allTasks.filter((task) =>
    samples.some(
      (sample) =>
        sample.time >= task.ts &&
        sample.time <= task.ts + task.dur! &&
        [...sample.stack].some((name) => /^(createBrowserRouter|createRouterInTasks) /.test(name)),
    ),
  );
  const fcp = (fcpEvent.ts - navigation.ts) / 1000;
  const longTasks = tasks.map((task) => ({
    start: (task.ts - navigation.ts) / 1000,
    dur: task.dur! / 1000,
    detail: DETAIL ? describe(task, main, samples) : '',
  }));
  const tbt = tasks
    .filter((task) => task.ts >= fcpEvent.ts)
    .reduce((sum, task) => sum + (task.dur! / 1000 - 50), 0);
  // Thread time leaves out the time other processes held the CPU: on a busy machine it is the steadier measure.
  const cpu = (task: TraceEvent) => ((task.tdur ?? task.dur!) / 1000) * (4 / THROTTLE);
  // Over the whole load: when the first paint comes depends on the machine's load too.
  const cpuTbt = allTasks.reduce((sum, task) => sum + Math.max(0, cpu(task) - 50), 0);
  const cpuLongest = [...allTasks.map(cpu)].sort((a, b) => b - a).slice(0, 3);
  const routerTask = `${Math.round(Math.max(0, ...routerTasks.map((task) => task.dur! / 1000)))} / ${Math.round(Math.max(0, ...routerTasks.map(cpu)))} ms`;
  const longestAfterFcp = Math.max(
    0,
    ...tasks.filter((task) => task.ts >= fcpEvent.ts).map((task) => task.dur! / 1000),
  );
  return { fcp, tbt, longTasks, longestAfterFcp, routerTask, cpuTbt, cpuLongest };
}

/** The renderer's main thread: CrRendererMain of the process that painted. */
function mainThreadOf(events: TraceEvent[], pid: number) {
  const thread = events.find(
    (e) => e.pid === pid && e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
  );
  if (!thread) throw new Error('No renderer main thread');
  return { pid, tid: thread.tid };
}

/** A long task's top-level events and the functions the CPU profile saw most in it (self time). */
function describe(task: TraceEvent, main: TraceEvent[], samples: Sample[]) {
  const end = task.ts + task.dur!;
  const inside = main.filter(
    (e) => e.ph === 'X' && e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end,
  );
  const top = inside.filter(
    (e) =>
      !inside.some(
        (o) =>
          o !== e &&
          o.ts <= e.ts &&
          o.ts + (o.dur ?? 0) >= e.ts + (e.dur ?? 0) &&
          (o.dur ?? 0) > (e.dur ?? 0),
      ),
  );
  const lines = top
    .filter((e) => (e.dur ?? 0) > 2000)
    .map((e) => {
      const data = e.args?.data ?? {};
      const where = [data.functionName, data.url, data.type].filter(Boolean).join(' ');
      return `  ${e.name} ${Math.round(e.dur! / 1000)} ms ${where}`;
    });
  const times = profileTimes(samples, task.ts, end);
  const list = (entries: [string, number][]) =>
    entries.map(([name, ms]) => `    ${ms.toFixed(1)} ms ${name}`);
  return [
    ...lines,
    '  profile (self):',
    ...list(times.self),
    '  profile (total):',
    ...list(times.total),
  ].join('\n');
}

interface Sample {
  time: number;
  ms: number;
  self: string;
  stack: Set<string>;
}

/** The CPU profile's samples: when, for how long, the function running and every function under way. */
function profileSamples(events: TraceEvent[], pid: number): Sample[] {
  const names = new Map<number, string>();
  const parents = new Map<number, number>();
  const samples: Sample[] = [];
  const chunks = events.filter((e) => e.pid === pid && (e.name === 'Profile' || e.name === 'ProfileChunk'));
  let time = (chunks.find((e) => e.name === 'Profile')?.args?.data?.startTime as number | undefined) ?? 0;
  for (const chunk of chunks.filter((e) => e.name === 'ProfileChunk')) {
    const data = chunk.args?.data;
    for (const node of data?.cpuProfile?.nodes ?? []) {
      names.set(node.id, frameName(node.callFrame));
      if (node.parent !== undefined) parents.set(node.id, node.parent);
    }
    const deltas = data?.timeDeltas ?? [];
    (data?.cpuProfile?.samples ?? []).forEach((sample, i) => {
      time += deltas[i] ?? 0;
      const stack = new Set<string>();
      for (let id: number | undefined = sample; id !== undefined; id = parents.get(id))
        stack.add(names.get(id) ?? '?');
      samples.push({
        time,
        ms: Math.max(0, deltas[i + 1] ?? 0) / 1000,
        self: names.get(sample) ?? '?',
        stack,
      });
    });
  }
  return samples;
}

/** The profile's functions in a window: time spent in each (self) and under each (total), in ms. */
function profileTimes(samples: Sample[], from: number, to: number) {
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  for (const sample of samples) {
    if (sample.time < from || sample.time > to) continue;
    self.set(sample.self, (self.get(sample.self) ?? 0) + sample.ms);
    for (const frame of sample.stack) total.set(frame, (total.get(frame) ?? 0) + sample.ms);
  }
  const top = (times: Map<string, number>) =>
    [...times.entries()]
      .filter(([name]) => !name.startsWith('(root)'))
      .sort((a, b) => b[1] - a[1])
      .slice(0, 14);
  return { self: top(self), total: top(total) };
}

/** A profiled function as its source names it (the build's hidden source maps), else as minified. */
function frameName(frame: { functionName: string; url?: string; lineNumber: number; columnNumber: number }) {
  const file = path.basename(frame.url ?? '');
  const minified = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber}`;
  if (!file.endsWith('.js')) return minified;
  if (!maps.has(file)) {
    const mapPath = DIST_DIRS.map((dir) => path.join(dir, 'assets', `${file}.map`)).find((p) =>
      existsSync(p),
    );
    maps.set(file, mapPath ? new TraceMap(readFileSync(mapPath, 'utf8')) : undefined);
  }
  const map = maps.get(file);
  if (!map || frame.lineNumber < 0) return minified;
  let original;
  try {
    // A position the map does not cover (a line past its end) throws.
    original = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber });
  } catch {
    return minified;
  }
  if (!original.source) return minified;
  const source = original.source.replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '');
  return `${original.name ?? frame.functionName} ${source}:${original.line}`;
}
