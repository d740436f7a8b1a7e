/**
 * bench/connections: how many connections clients can hold on the server. The server runs in
 * its own process (serve.ts) with its production limits; this probe opens half-sent requests (headers never
 * finished) from loopback addresses (127.0.0.x, each a different client to the server) and counts how many the
 * server keeps, checks that another address is still served, and times how long a half-sent request is held.
 * Linux only (any 127.x.y.z address is local).
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import { createInterface } from 'node:readline';
import path from 'node:path';
import { API } from '@vuxo/shared';
import type { ConnectionLimits } from '../../apps/server/src/http/connections.js';
import { printTable } from '../support/local-app.js';

/** Connections one address tries to open: well past the per-address cap. */
const ONE_CLIENT_TRIES = 2_000;
const BATCH = 200;

const root = path.resolve(import.meta.dirname, '../..');
const server = spawn(
  process.execPath,
  ['--import', 'tsx', '--conditions=source', 'bench/connections/serve.ts'],
  {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
const { baseUrl, limits } = await new Promise<{ baseUrl: string; limits: ConnectionLimits }>(
  (resolve, reject) => {
    createInterface({ input: server.stdout }).on('line', (line) => {
      if (line.startsWith('{')) resolve(JSON.parse(line) as { baseUrl: string; limits: ConnectionLimits });
      else console.log(line);
    });
    server.once('exit', (code) => reject(new Error(`the bench server exited (${code})`)));
  },
);
const port = Number(new URL(baseUrl).port);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Held {
  socket: net.Socket;
  closedAt: number | null;
}

/** Opens a connection from `from` and sends a request whose headers never end. */
function halfSentRequest(from: string): Promise<Held> {
  return new Promise((resolve) => {
    const held: Held = {
      socket: net.connect({ host: '127.0.0.1', port, localAddress: from }),
      closedAt: null,
    };
    held.socket.on('error', () => undefined);
    // Read what the server sends (its 408), or the socket never notices the server closing it.
    held.socket.resume();
    held.socket.once('close', () => (held.closedAt = performance.now()));
    held.socket.once('connect', () => {
      held.socket.write(`GET ${API.health} HTTP/1.1\r\nhost: localhost\r\nx-slow: `);
      resolve(held);
    });
    held.socket.once('close', () => resolve(held));
  });
}

async function openMany(count: number, from: (i: number) => string): Promise<Held[]> {
  const all: Held[] = [];
  for (let start = 0; start < count; start += BATCH) {
    const size = Math.min(BATCH, count - start);
    all.push(
      ...(await Promise.all(Array.from({ length: size }, (_, i) => halfSentRequest(from(start + i))))),
    );
  }
  await sleep(1000);
  return all;
}

const stillOpen = (held: Held[]) => held.filter((h) => h.closedAt === null).length;

/** GET /api/health from `from` on a fresh connection: its status and time, or the error. */
function health(from: string): Promise<string> {
  const started = performance.now();
  return new Promise((resolve) => {
    const request = http.get(
      { host: '127.0.0.1', port, path: API.health, localAddress: from, agent: false },
      (res) => {
        res.resume();
        res.on('end', () => resolve(`${res.statusCode} in ${(performance.now() - started).toFixed(0)} ms`));
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => resolve(`failed (${error.code ?? error.message})`));
    request.setTimeout(5000, () => request.destroy(new Error('no answer in 5 s')));
  });
}

function closeAll(held: Held[]) {
  for (const h of held) h.socket.destroy();
}

try {
  // One client (one address) tries to hold far more than its share.
  const openedAt = performance.now();
  const oneClient = await openMany(ONE_CLIENT_TRIES, () => '127.0.0.1');
  const oneClientHolds = stillOpen(oneClient);
  const otherClientDuring = await health('127.0.0.2');
  const sameClientDuring = await health('127.0.0.1');

  // The held requests are cut when their headers deadline passes (checked every few seconds).
  while (stillOpen(oneClient) > 0 && performance.now() - openedAt < limits.headersTimeoutMs + 30_000)
    await sleep(100);
  const heldFor = Math.max(...oneClient.map((h) => (h.closedAt ?? performance.now()) - openedAt));
  closeAll(oneClient);
  await sleep(500);

  // Many clients together: enough addresses to pass the total cap.
  const addresses = Math.ceil((limits.total * 1.05) / limits.perAddress);
  const manyClients = await openMany(addresses * limits.perAddress, (i) => `127.0.1.${1 + (i % addresses)}`);
  const allHold = stillOpen(manyClients);
  const newcomerDuring = await health('127.0.2.1');
  closeAll(manyClients);
  await sleep(1000);
  const afterwards = await health('127.0.2.1');

  const s = (ms: number) => `${(ms / 1000).toFixed(0)} s`;
  printTable('bench/connections — half-sent requests held open (server in its own process)', [
    ['measure', 'figure', 'limit'],
    [
      `connections one client can hold (${ONE_CLIENT_TRIES.toLocaleString('en')} tried from one address)`,
      oneClientHolds.toLocaleString('en'),
      `${limits.perAddress} per address`,
    ],
    [
      'meanwhile /api/health from another address / from the same one',
      `${otherClientDuring} / ${sameClientDuring}`,
      '',
    ],
    [
      'a half-sent request is held for',
      `${(heldFor / 1000).toFixed(1)} s`,
      `headers ${s(limits.headersTimeoutMs)} (checked every ${s(limits.checkEveryMs)}); whole request ${s(limits.requestTimeoutMs)}`,
    ],
    [
      `connections all clients can hold (${addresses} addresses × ${limits.perAddress})`,
      allHold.toLocaleString('en'),
      `${limits.total.toLocaleString('en')} in all`,
    ],
    ['meanwhile /api/health from a new address / once they close', `${newcomerDuring} / ${afterwards}`, ''],
  ]);
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
}
process.exit(0);
