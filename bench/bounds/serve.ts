/**
 * The server side of bench/bounds, in its own process so its memory can be read from outside: the real app on a
 * fresh SQLite file (support/local-app.ts), then one JSON line on stdout ({ baseUrl, ownerToken }). Stops on
 * SIGTERM.
 */
import { startLocalApp } from '../support/local-app.js';

const local = await startLocalApp({ chat: { dailyLimit: Number.MAX_SAFE_INTEGER, ratePerMinute: null } });
let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  await local.close().catch(() => undefined);
  process.exit(code);
}
process.on('SIGTERM', () => void stop(0));
process.on('SIGINT', () => void stop(130));
console.log(JSON.stringify({ baseUrl: local.baseUrl, ownerToken: await local.ownerToken('Bounds Bench') }));
