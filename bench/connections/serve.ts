/**
 * The server side of bench/connections, in its own process so the probe's sockets do not count against the
 * server's file descriptors: the real app with its production connection limits (support/local-app.ts), then
 * one JSON line on stdout ({ baseUrl, total }). Stops on SIGTERM.
 */
import { CONNECTION_LIMITS } from '../../apps/server/src/http/connections.js';
import { startLocalApp } from '../support/local-app.js';

const local = await startLocalApp();
let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  await local.close().catch(() => undefined);
  process.exit(code);
}
process.on('SIGTERM', () => void stop(0));
process.on('SIGINT', () => void stop(130));
console.log(JSON.stringify({ baseUrl: local.baseUrl, limits: CONNECTION_LIMITS }));
