/**
 * bench/bounds: what hostile and worst-case documents cost the server. The server runs
 * in its own process (serve.ts) and its memory is read from /proc while:
 * - a 1 MB PDF whose page content stream inflates to 1 GiB of spaces is uploaded (server RSS at idle, at peak and
 *   5 s later; the extraction process's own peak; /api/health throughout);
 * - a legal 4.8 MiB text of short sentences over a 20,000-word vocabulary is uploaded and built into a bot
 *   (time to Ready; /api/health p99 during the build), then asked its first questions.
 * Linux only (/proc).
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import path from 'node:path';
import { API, type BotSummary } from '@vuxo/shared';
import { makePdfBomb, makeTextPdf } from '../../apps/server/test/fixtures/pdf-fixtures.js';
import { largeVocabularyText } from '../../apps/server/test/fixtures/text-fixtures.js';
import { printTable } from '../support/local-app.js';

const MiB = 1024 * 1024;
const root = path.resolve(import.meta.dirname, '../..');
const server = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', 'bench/bounds/serve.ts'], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'inherit'],
});
const served = await new Promise<{ baseUrl: string; ownerToken: string }>((resolve, reject) => {
  createInterface({ input: server.stdout }).on('line', (line) => {
    if (line.startsWith('{')) resolve(JSON.parse(line) as { baseUrl: string; ownerToken: string });
    else console.log(line);
  });
  server.once('exit', (code) => reject(new Error(`the bench server exited (${code})`)));
});
const { baseUrl, ownerToken } = served;
const pid = server.pid!;

/** Resident memory of a process in bytes (0 once it has gone). */
function rss(processId: number): number {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${processId}/status`, 'utf8'))?.[1];
    return Number(kb ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** The server's extraction processes (its children running the extraction entry). */
function extractionProcesses(): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent !== pid) continue;
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('extract-child')) found.push(Number(entry));
    } catch {
      // The process ended while being read.
    }
  }
  return found;
}

/** Samples the server's RSS and its extraction processes' every 20 ms until stopped. */
function sampleMemory() {
  let server = 0;
  let extraction = 0;
  const timer = setInterval(() => {
    server = Math.max(server, rss(pid));
    extraction = Math.max(extraction, ...extractionProcesses().map(rss), 0);
  }, 20);
  return () => {
    clearInterval(timer);
    return { server, extraction };
  };
}

/** Calls /api/health one after another until stopped: the latencies and how many failed. */
function probeHealth() {
  const latencies: number[] = [];
  let failures = 0;
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      try {
        const res = await fetch(`${baseUrl}${API.health}`, { signal: AbortSignal.timeout(5000) });
        if (!res.ok) failures++;
      } catch {
        failures++;
      }
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  return async () => {
    running = false;
    await done;
    const sorted = [...latencies].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
    return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? NaN, failures };
  };
}

async function upload(bytes: Uint8Array, name: string, sessionId: string) {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  form.append('sessionId', sessionId);
  const started = performance.now();
  const res = await fetch(`${baseUrl}${API.extract}`, { method: 'POST', body: form });
  const body = (await res.json()) as { filePath?: string; error?: string };
  return { status: res.status, ms: performance.now() - started, ...body };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes: number) => `${(bytes / MiB).toFixed(0)} MB`;
const aboveIdle = (bytes: number) => `${bytes < 0 ? '−' : '+'}${mb(Math.abs(bytes))}`;
const ms = (value: number) => `${value.toFixed(0)} ms`;

try {
  // Warm up: the parsers loaded once, as on a server that has served uploads before.
  const warmUp = await makeTextPdf([{ heading: 'Menu', paragraphs: [['Soup of the day: 6 euros.']] }]);
  await upload(warmUp, 'menu.pdf', `bench_bounds_warm_${Date.now().toString(36)}`);
  await sleep(2000);
  const idle = rss(pid);

  const bomb = makePdfBomb(1024);
  const stopMemory = sampleMemory();
  const stopHealth = probeHealth();
  const refused = await upload(bomb, 'bomb.pdf', `bench_bounds_bomb_${Date.now().toString(36)}`);
  await sleep(5000);
  const retained = rss(pid);
  const peak = stopMemory();
  const bombHealth = await stopHealth();

  const text = largeVocabularyText(4.8 * MiB);
  const sessionId = `bench_bounds_text_${Date.now().toString(36)}`;
  const extracted = await upload(Buffer.from(text), 'large.txt', sessionId);
  if (extracted.status !== 200) throw new Error(`extract failed: ${extracted.status} ${extracted.error}`);
  const stopBuildHealth = probeHealth();
  const saveStarted = performance.now();
  const saved = await fetch(`${baseUrl}${API.saveConfig}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${ownerToken}` },
    body: JSON.stringify({
      sessionId,
      botName: 'Bounds Bench',
      welcomeMessage: 'Hello!',
      documentName: 'large.txt',
      documentPath: extracted.filePath,
      creativityLevel: 'restricted',
    }),
  });
  if (!saved.ok) throw new Error(`save failed: ${saved.status} ${await saved.text()}`);
  let bot: BotSummary;
  for (;;) {
    const res = await fetch(`${baseUrl}${API.listBots}`, {
      headers: { authorization: `Bearer ${ownerToken}` },
    });
    bot = ((await res.json()) as { bots: BotSummary[] }).bots[0]!;
    if (bot.status === 'cag_generated' || bot.status === 'error') break;
    await sleep(50);
  }
  const buildMs = performance.now() - saveStarted;
  const buildHealth = await stopBuildHealth();
  if (bot.status !== 'cag_generated') throw new Error(`the build failed: ${bot.statusReason}`);

  const words = text.split(/\s+/, 400);
  const chat = async (i: number) => {
    const started = performance.now();
    const res = await fetch(`${baseUrl}${API.chat}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        botConfigId: bot.shareId,
        message: `What about ${words[i * 7]} and ${words[i * 7 + 3]}?`,
        history: [],
      }),
    });
    if (!res.ok) throw new Error(`chat failed: ${res.status} ${await res.text()}`);
    return performance.now() - started;
  };
  const chats: number[] = [];
  for (let i = 0; i < 5; i++) chats.push(await chat(i));

  printTable('bench/bounds — hostile and worst-case documents (server in its own process)', [
    ['measure', 'figure', 'goal'],
    [
      `PDF bomb (${(bomb.length / 1024).toFixed(0)} KiB, 1 GiB content stream)`,
      `${refused.status} in ${ms(refused.ms)}: "${refused.error?.slice(0, 48)}…"`,
      'refused',
    ],
    ['server RSS idle / peak / 5 s after', `${mb(idle)} / ${mb(peak.server)} / ${mb(retained)}`, ''],
    [
      'server RSS above idle: peak / 5 s after',
      `${aboveIdle(peak.server - idle)} / ${aboveIdle(retained - idle)}`,
      '≤ +300 MB / ≤ +50 MB',
    ],
    ['extraction process peak RSS (its own limit)', mb(peak.extraction), 'bounded'],
    [
      '/api/health during the bomb: p99 / max / failed',
      `${ms(bombHealth.p99)} / ${ms(bombHealth.max)} / ${bombHealth.failures} of ${bombHealth.count}`,
      'answers throughout',
    ],
    [`4.8 MiB text (${text.length.toLocaleString('en')} chars): extract`, ms(extracted.ms), ''],
    ['same: save to Ready (the build)', `${(buildMs / 1000).toFixed(1)} s`, '< 10 s'],
    [
      '/api/health during the build: p50 / p99 / max',
      `${ms(buildHealth.p50)} / ${ms(buildHealth.p99)} / ${ms(buildHealth.max)} (${buildHealth.count} calls)`,
      'p99 < 100 ms',
    ],
    [
      'first chat message / the next four',
      `${ms(chats[0]!)} / ${chats.slice(1).map(ms).join(', ')}`,
      'alike',
    ],
  ]);
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
}
process.exit(0);
