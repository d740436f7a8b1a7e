/**
 * The server side of bench/bounds, in its own process so its memory can be read from outside: the real app on a
 * fresh SQLite file (support/local-app.ts), then one JSON line on stdout ({ baseUrl, ownerToken }). Stops on
 * SIGTERM.
 */
import { startLocalApp, stopOnSignals } from '../support/local-app.js';

const local = await startLocalApp({ chat: { dailyLimit: Number.MAX_SAFE_INTEGER, ratePerMinute: null } });
stopOnSignals(local);
console.log(JSON.stringify({ baseUrl: local.baseUrl, ownerToken: await local.ownerToken('Bounds Bench') }));
