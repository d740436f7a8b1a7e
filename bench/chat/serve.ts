/**
 * The server side of bench/chat, in its own process so the load generator does not share its event loop:
 * the real app on a fresh SQLite file with its own Auth emulator (support/local-app.ts), a bot built through
 * the API from a generated 100-page PDF, then one JSON line on stdout ({ baseUrl, botId, shareId, ownerToken }).
 * Stops on SIGTERM.
 *
 * The daily limit is raised and the per-address rate limits turned off through the app's options (construction
 * options, not a route): every request still counts against its visitor in the database.
 */
import { startLocalApp, stopOnSignals } from '../support/local-app.js';
import { hundredPagePdf } from '../ingest/hundred-page-pdf.js';
import { loadIndex } from '../../apps/server/src/engine/retrieval/index.js';
import { storedIndexOf } from '../../apps/server/src/db/packed-index.js';

const local = await startLocalApp({
  chat: { dailyLimit: Number.MAX_SAFE_INTEGER, ratePerMinute: null },
  requestsPerMinute: null,
});
const { baseUrl, database } = local;

const stop = stopOnSignals(local);

try {
  const owner = await local.owner('Chat Bench');
  const { botId, shareId } = await owner.readyBot({
    file: { bytes: await hundredPagePdf(), type: 'application/pdf', name: 'handbook-100.pdf' },
    name: 'Bench Bot',
    welcome: 'Hello!',
    config: { creativityLevel: 'restricted' },
    timeoutMs: 5 * 60_000,
  });
  const index = await storedIndexOf(database.db, botId);
  if (index === null) throw new Error('the bench bot has no index');
  console.log(
    JSON.stringify({
      baseUrl,
      botId,
      shareId,
      ownerToken: owner.token,
      passages: loadIndex(index).passages.length,
    }),
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await stop(1);
}
