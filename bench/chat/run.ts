/**
 * bench/chat: /api/chat under load beside /api/health in the same run — autocannon, 50 connections, 20 s each,
 * against a bot built from a generated 100-page PDF (goal: chat p99 ≤ 50 ms). The server runs in its own
 * process (serve.ts). Visitors send their own visitor ids and varied questions, as the widget does; the owner
 * console's calls (a Bearer token verified on every request) are measured too. Recurring questions (as suggested
 * question chips are) are answered from the engine's answer cache; a row of never-repeated questions shows the
 * uncached cost.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import path from 'node:path';
import autocannon from 'autocannon';
import { API, VISITOR_ID_HEADER } from '@vuxo/shared';
import { printTable } from '../support/local-app.js';

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 20);
const VISITORS = 200;
const TOPICS = [
  'opening hours',
  'prices and fees',
  'booking',
  'cancellations',
  'parking',
  'insurance',
  'staff',
  'services',
];

interface Served {
  baseUrl: string;
  botId: string;
  shareId: string;
  ownerToken: string;
  passages: number;
}

const root = path.resolve(import.meta.dirname, '../..');
const server = spawn(
  process.execPath,
  [
    // e.g. BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' to profile the server.
    ...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
    '--import',
    'tsx',
    '--conditions=source',
    path.join(import.meta.dirname, 'serve.ts'),
  ],
  { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
);
const served = await new Promise<Served>((resolve, reject) => {
  const lines = createInterface({ input: server.stdout });
  lines.on('line', (line) => {
    if (line.startsWith('{')) resolve(JSON.parse(line) as Served);
    else console.log(line);
  });
  server.once('exit', (code) => reject(new Error(`the bench server exited (${code})`)));
});
const stopServer = () =>
  new Promise<void>((resolve) => {
    if (server.exitCode !== null) return resolve();
    server.once('exit', () => resolve());
    server.kill('SIGTERM');
  });

type Result = autocannon.Result;
const run = (options: autocannon.Options) =>
  new Promise<Result>((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: DURATION_S, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });

function questionFor(i: number): string {
  const topic = TOPICS[i % TOPICS.length]!;
  const location = (i * 37) % 100;
  const forms = [
    `How much do ${topic} visits cost at location ${location}?`,
    `What time does ${topic} run at location ${location}?`,
    `Tell me about ${topic} at location ${location}`,
    `Do you offer ${topic}?`,
  ];
  return forms[i % forms.length]!;
}

try {
  // Real visitor ids, as the widget gets them from the first call.
  const visitorIds: string[] = [];
  for (let i = 0; i < VISITORS; i++) {
    const res = await fetch(`${served.baseUrl}${API.publicBotInfo}?shareId=${served.shareId}`);
    visitorIds.push(res.headers.get(VISITOR_ID_HEADER) ?? '');
  }
  const sample = await fetch(`${served.baseUrl}${API.chat}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [VISITOR_ID_HEADER]: visitorIds[0]! },
    body: JSON.stringify({ botConfigId: served.shareId, message: questionFor(0), history: [] }),
  });
  const sampleReply = ((await sample.json()) as { reply?: string }).reply ?? '';

  let asked = 0;
  const chatRequests = (headers: Record<string, string>, withVisitor: boolean, unique = false) =>
    Array.from({ length: VISITORS }, (_, i) => ({
      method: 'POST' as const,
      path: API.chat,
      headers: {
        'content-type': 'application/json',
        ...headers,
        ...(withVisitor ? { [VISITOR_ID_HEADER]: visitorIds[i]! } : {}),
      },
      body: JSON.stringify({ botConfigId: served.shareId, message: questionFor(i), history: [] }),
      // Every question new: the answer cache never helps.
      ...(unique
        ? {
            setupRequest: (request: Record<string, unknown>) => {
              const n = ++asked;
              return {
                ...request,
                body: JSON.stringify({
                  botConfigId: served.shareId,
                  message: `${questionFor(n)} (question ${n})`,
                  history: [],
                }),
              };
            },
          }
        : {}),
    }));

  console.log(`Measuring for ${DURATION_S} s each with ${CONNECTIONS} connections...`);
  const health = await run({ url: `${served.baseUrl}${API.health}` });
  const visitors = await run({ url: served.baseUrl, requests: chatRequests({}, true) });
  const unique = await run({ url: served.baseUrl, requests: chatRequests({}, true, true) });
  const owner = await run({
    url: served.baseUrl,
    requests: chatRequests({ authorization: `Bearer ${served.ownerToken}` }, false),
  });

  const row = (name: string, r: Result) => [
    name,
    `${r.latency.p50} ms`,
    `${r.latency.p99} ms`,
    Math.round(r.requests.average),
    r.non2xx + r.errors + r.timeouts,
  ];
  printTable(
    `bench/chat — ${CONNECTIONS} connections, ${DURATION_S} s each; bot from a generated 100-page PDF (${served.passages} passages), built-in engine`,
    [
      ['endpoint', 'p50', 'p99', 'requests/s', 'errors'],
      row('GET /api/health', health),
      row('POST /api/chat (visitors, 200 recurring questions)', visitors),
      row('POST /api/chat (visitors, every question new)', unique),
      row('POST /api/chat (owner, Bearer)', owner),
    ],
  );
  const verdict = (r: Result) => (r.latency.p99 <= 50 ? 'met' : 'NOT met');
  console.log(
    `\nGoal /api/chat p99 ≤ 50 ms: recurring questions ${verdict(visitors)}; every question new ${verdict(unique)}.`,
  );
  console.log(`A sample answer: ${JSON.stringify(sampleReply.slice(0, 200))}`);
} finally {
  await stopServer();
}
process.exit(0);
