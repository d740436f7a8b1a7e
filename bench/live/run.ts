/**
 * bench/live (issue 47): 200 visitors hold their live event stream open on one server process while /api/health
 * is timed (p99 under 100 ms), with the server's memory per open stream, and the time an owner's reply takes to
 * reach its visitor's stream. The server runs in its own process (serve.ts). Linux only (each visitor calls from
 * its own 127.x address).
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { API, LIVE_API, VISITOR_ID_HEADER } from '@vuxo/shared';
import { printTable } from '../support/local-app.js';

const VISITORS = 200;
const HEALTH_CALLS = 1_000;
const P99_BUDGET_MS = 100;

const root = path.resolve(import.meta.dirname, '../..');
const server = spawn(
  process.execPath,
  ['--expose-gc', '--import', 'tsx', '--conditions=source', 'bench/live/serve.ts'],
  { cwd: root, stdio: ['pipe', 'pipe', 'inherit'] },
);
const lines = createInterface({ input: server.stdout });
const nextJson = <T>() =>
  new Promise<T>((resolve, reject) => {
    const onLine = (line: string) => {
      if (!line.startsWith('{')) return void console.log(line);
      lines.off('line', onLine);
      resolve(JSON.parse(line) as T);
    };
    lines.on('line', onLine);
    server.once('exit', (code) => reject(new Error(`the bench server exited (${code})`)));
  });
const { baseUrl, botId, token } = await nextJson<{ baseUrl: string; botId: string; token: string }>();
const memory = () => {
  server.stdin.write('memory\n');
  return nextJson<{ rss: number; heapUsed: number }>();
};
const url = new URL(baseUrl);
const addressOf = (i: number) => `127.0.${1 + Math.floor(i / 250)}.${1 + (i % 250)}`;

/** A visitor's signed id, as the widget gets it with the bot's info. */
async function visitorId(i: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      {
        host: url.hostname,
        port: url.port,
        path: `${API.publicBotInfo}?shareId=${botId}`,
        localAddress: addressOf(i),
      },
      (res) => {
        res.resume();
        resolve(String(res.headers[VISITOR_ID_HEADER]));
      },
    );
    req.on('error', reject);
  });
}

interface Stream {
  request: http.ClientRequest;
  /** Resolves with the time the next event arrived. */
  nextEvent(): Promise<number>;
}

function openStream(i: number, visitor: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const waiting: ((at: number) => void)[] = [];
    const request = http.get(
      {
        host: url.hostname,
        port: url.port,
        path: `${LIVE_API.liveEvents}?botConfigId=${botId}&visitorId=${encodeURIComponent(visitor)}`,
        localAddress: addressOf(i),
        agent: false,
      },
      (res) => {
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (chunk.includes('data: ')) waiting.splice(0).forEach((wake) => wake(performance.now()));
        });
        resolve({ request, nextEvent: () => new Promise((wake) => waiting.push(wake)) });
      },
    );
    request.on('error', reject);
  });
}

function timeHealth(): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get({ host: url.hostname, port: url.port, path: API.health, agent: false }, (res) => {
        res.resume();
        res.on('end', () => resolve(performance.now() - started));
      })
      .on('error', reject);
  });
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
};

try {
  const ids = await Promise.all(Array.from({ length: VISITORS }, (_, i) => visitorId(i)));
  // The first visitor has a conversation for the owner to answer.
  await fetch(`${baseUrl}${API.chat}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [VISITOR_ID_HEADER]: ids[0]! },
    body: JSON.stringify({ botConfigId: botId, message: 'Can I talk to someone?', history: [] }),
  });
  const before = await memory();
  const streams: Stream[] = [];
  for (let i = 0; i < VISITORS; i += 50) {
    streams.push(...(await Promise.all(ids.slice(i, i + 50).map((id, j) => openStream(i + j, id)))));
  }
  const opened = await memory();
  const health: number[] = [];
  for (let i = 0; i < HEALTH_CALLS; i += 1) health.push(await timeHealth());

  const list = await fetch(`${baseUrl}${LIVE_API.liveConversations}?botId=${botId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const conversationId = ((await list.json()) as { conversations: { id: string }[] }).conversations[0]!.id;
  const arrived = streams[0]!.nextEvent();
  const sent = performance.now();
  await fetch(`${baseUrl}${LIVE_API.liveReply}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ botId, conversationId, text: 'Hello from the owner' }),
  });
  const deliveryMs = (await arrived) - sent;
  const p99 = percentile(health, 99);
  const perStream = (opened.rss - before.rss) / VISITORS;
  const perStreamHeap = (opened.heapUsed - before.heapUsed) / VISITORS;
  printTable(`bench/live: ${VISITORS} open visitor streams on one server process (SQLite, no Redis)`, [
    ['Measure', 'Figure', 'Budget', 'Result'],
    [
      'Open visitor streams',
      String(streams.length),
      `${VISITORS}`,
      streams.length === VISITORS ? 'pass' : 'FAIL',
    ],
    ['/api/health p50 with them open', `${percentile(health, 50).toFixed(1)} ms`, '-', '-'],
    [
      '/api/health p99 with them open',
      `${p99.toFixed(1)} ms`,
      `< ${P99_BUDGET_MS} ms`,
      p99 < P99_BUDGET_MS ? 'pass' : 'FAIL',
    ],
    ['Server memory per open stream (RSS)', `${(perStream / 1024).toFixed(1)} kB`, '-', '-'],
    ['Server memory per open stream (JS heap)', `${(perStreamHeap / 1024).toFixed(1)} kB`, '-', '-'],
    ['Owner reply to the visitor’s stream', `${deliveryMs.toFixed(1)} ms`, '-', '-'],
  ]);
  for (const stream of streams) stream.request.destroy();
  if (p99 >= P99_BUDGET_MS || streams.length !== VISITORS) process.exitCode = 1;
} finally {
  server.kill('SIGTERM');
}
