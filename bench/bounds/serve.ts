/**
 * The server side of bench/bounds, in its own process so its memory can be read from outside: the real app on a
 * fresh SQLite file (support/local-app.ts) that may read the bench's own site on 127.0.0.1, its owner on Pro (for
 * website sources), then one JSON line on stdout ({ baseUrl, ownerToken, ownerUid }). Stops on SIGTERM.
 */
import { startLocalApp, stopOnSignals } from '../support/local-app.js';
import { entryFile } from '../../apps/server/src/engine/entry-file.js';

// From the sources, a worker's first start bundles its entry in the event loop's thread (entry-file.ts); the built
// server that `npm start` runs has it compiled. Bundled before the bench starts, a build's /api/health is a deployment's.
entryFile(new URL('../../apps/server/src/engine/build/index.ts', import.meta.url).href, 'build-worker');

const OWNER = 'Bounds Bench';
const local = await startLocalApp({
  chat: { dailyLimit: Number.MAX_SAFE_INTEGER, ratePerMinute: null },
  // /api/health is called one request after another throughout: the per-address ceiling would refuse the owner.
  requestsPerMinute: null,
  env: { ALLOW_PRIVATE_URLS: 'on' },
});
stopOnSignals(local);
const owner = await local.owner(OWNER);
await local.subscribe('pro', OWNER);
console.log(JSON.stringify({ baseUrl: local.baseUrl, ownerToken: owner.token, ownerUid: owner.uid }));
