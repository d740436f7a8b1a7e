/**
 * bench/load: 100 connections for BENCH_DURATION_S (default 30 s) on each of /api/health, /api/public-bot-info,
 * /api/chat and a signed-in /api/list-user-bots, against the built server as it runs in production (every
 * limit on), first one process on SQLite, then two processes (WORKERS=2) on PostgreSQL and Redis. Visitors come
 * from many addresses through one proxy (TRUST_PROXY=1 and X-Forwarded-For), as a site behind a load balancer
 * sees them. Prints p50, p99, requests per second, errors and 5xx per endpoint, and the server's memory before
 * and after; exits 1 on any error or non-2xx answer.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { API } from '@vuxo/shared';
import { ProcessGroup } from '../../scripts/lib/processes.mjs';
import { startAuthEmulator } from '../../scripts/lib/auth-emulator.mjs';
import { freePortRun } from '../../scripts/lib/ports.mjs';
import { fetchDriver, world } from '@vuxo/testkit';
import { freePort, printTable } from '../support/local-app.js';

const CONNECTIONS = 100;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 30);
const PROJECT_ID = 'demo-vuxo-load';
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const root = path.resolve(import.meta.dirname, '../..');

const HANDBOOK = ['Opening hours', 'Prices', 'Parking', 'Booking', 'Insurance', 'Staff']
  .map(
    (topic, i) =>
      `# ${topic}\n${topic} at the clinic: visits cost $${40 + i * 5}, we are open from ${8 + i} am, ` +
      `and you can book online or by phone. Ask reception about ${topic.toLowerCase()} any day.`,
  )
  .join('\n\n');
const QUESTIONS = [
  'What are your opening hours?',
  'How much is a visit?',
  'Is there parking?',
  'How do I book?',
];

/** A visitor's address behind the proxy: a new one for most requests, as a busy public site sees them. */
const visitorAddress = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${(randomBytes(1)[0]! % 254) + 1}`;

interface Setup {
  name: string;
  env: Record<string, string>;
  cleanup?: () => Promise<void>;
}

execFileSync('npm', ['run', 'build', '-w', 'packages/shared', '-w', 'apps/server'], {
  cwd: root,
  stdio: 'ignore',
});
const processes = new ProcessGroup();
const emulatorHost = `127.0.0.1:${await freePortRun(3)}`;
const emulatorDir = mkdtempSync(path.join(tmpdir(), 'vuxo-load-emulator-'));
await startAuthEmulator({
  processes,
  projectId: PROJECT_ID,
  host: emulatorHost,
  dataDir: emulatorDir,
  persist: false,
  main: false,
});

async function postgresSetup(): Promise<Setup> {
  const schema = `load_${randomBytes(5).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  await admin(`create schema ${schema}`);
  const url = new URL(DATABASE_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    name: 'PostgreSQL + Redis, 2 processes',
    env: { DATABASE_URL: url.toString(), REDIS_URL, REDIS_KEY_PREFIX: `${schema}:`, WORKERS: '2' },
    cleanup: () => admin(`drop schema ${schema} cascade`),
  };
}

/** Resident memory of the server and its worker processes, in MB. */
function memoryMb(server: ChildProcess): number {
  const pids = [server.pid!];
  try {
    pids.push(
      ...execFileSync('pgrep', ['-P', String(server.pid)])
        .toString()
        .trim()
        .split('\n')
        .map(Number),
    );
  } catch {
    // No workers: one process.
  }
  let kb = 0;
  for (const pid of pids) {
    const match = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    kb += Number(match?.[1] ?? 0);
  }
  return kb / 1024;
}

async function startServer(setup: Setup, dataDir: string) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      DATA_DIR: dataDir,
      FIREBASE_PROJECT_ID: PROJECT_ID,
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
      SITE_CHAT: 'off',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
      ...setup.env,
    },
  });
  for (let i = 0; ; i++) {
    if (
      await fetch(`${baseUrl}${API.health}`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 600 || server.exitCode !== null) throw new Error(`the server did not start (${setup.name})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { server, baseUrl };
}

/** One endpoint under load; each request from its own visitor address, with `bodyOf()` as its body when given. */
function load(url: string, request: autocannon.Request, bodyOf?: () => string): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: DURATION_S,
        requests: [
          {
            ...request,
            setupRequest: (req) => ({
              ...req,
              ...(bodyOf ? { body: bodyOf() } : {}),
              headers: { ...(req.headers as Record<string, string>), 'x-forwarded-for': visitorAddress() },
            }),
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

const count = (result: autocannon.Result, match: (status: number) => boolean) =>
  Object.entries(result.statusCodeStats ?? {})
    .filter(([status]) => match(Number(status)))
    .reduce((sum, [, stats]) => sum + stats.count, 0);

const rows: (string | number)[][] = [
  ['setup', 'endpoint', 'p50', 'p99', 'requests/s', 'errors', '5xx', 'other non-2xx'],
];
const memory: (string | number)[][] = [['setup', 'RSS before', 'RSS after']];
let failures = 0;

for (const makeSetup of [
  async (): Promise<Setup> => ({ name: 'SQLite, 1 process', env: {} }),
  postgresSetup,
]) {
  const setup = await makeSetup();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vuxo-load-'));
  const { server, baseUrl } = await startServer(setup, dataDir);
  try {
    const owner = await world({ driver: fetchDriver(baseUrl), emulatorHost }).owner({
      name: `Load Owner ${randomBytes(3).toString('hex')}`,
    });
    const { token } = owner;
    const { shareId } = await owner.readyBot({ text: HANDBOOK, name: 'Load Bot', welcome: 'Hello!' });
    const before = memoryMb(server);
    let question = 0;
    const chatBody = () =>
      JSON.stringify({ botConfigId: shareId, message: QUESTIONS[question++ % QUESTIONS.length] });
    const endpoints: [string, autocannon.Request, (() => string)?][] = [
      ['GET /api/health', { method: 'GET', path: API.health }],
      ['GET /api/public-bot-info', { method: 'GET', path: `${API.publicBotInfo}?shareId=${shareId}` }],
      [
        'POST /api/chat (visitors)',
        { method: 'POST', path: API.chat, headers: { 'content-type': 'application/json' } },
        chatBody,
      ],
      [
        'GET /api/list-user-bots (owner)',
        { method: 'GET', path: API.listBots, headers: { authorization: `Bearer ${token}` } },
      ],
    ];
    for (const [name, request, bodyOf] of endpoints) {
      const result = await load(baseUrl, request, bodyOf);
      const serverErrors = count(result, (status) => status >= 500);
      const otherNon2xx = result.non2xx - serverErrors;
      failures += result.errors + result.timeouts + result.non2xx;
      rows.push([
        setup.name,
        name,
        `${result.latency.p50} ms`,
        `${result.latency.p99} ms`,
        Math.round(result.requests.average),
        result.errors + result.timeouts,
        serverErrors,
        otherNon2xx,
      ]);
    }
    const after = memoryMb(server);
    memory.push([setup.name, `${before.toFixed(0)} MB`, `${after.toFixed(0)} MB`]);
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await setup.cleanup?.();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
await processes.stop();
rmSync(emulatorDir, { recursive: true, force: true });
printTable(`bench/load — ${CONNECTIONS} connections, ${DURATION_S} s per endpoint, every limit on`, rows);
printTable('server memory (all its processes)', memory);
process.exit(failures > 0 ? 1 : 0);
