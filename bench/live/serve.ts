/**
 * The server side of bench/live, in its own process so its memory is the server's alone: the real app with no
 * per-address ceilings, an owner in the Live view and a Ready bot; then one JSON line on stdout
 * ({ baseUrl, botId, token }). Each `memory` line on stdin answers with the process's memory after a collection.
 * Stops on SIGTERM.
 */
import { createInterface } from 'node:readline';
import { LIVE_API } from '@vuxo/shared';
import { startLocalApp, stopOnSignals } from '../support/local-app.js';

const local = await startLocalApp({
  requestsPerMinute: null,
  chat: { ratePerMinute: null, dailyLimit: 1_000 },
});
stopOnSignals(local);
const owner = await local.owner('Live Owner');
const bot = await owner.readyBot({
  name: 'Live Bench',
  text: 'We are open Monday to Friday from 9am to 6pm.',
});
await fetch(`${local.baseUrl}${LIVE_API.livePresence}`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.token}` },
  body: JSON.stringify({ botId: bot.botId, displayName: 'Maria' }),
});
createInterface({ input: process.stdin }).on('line', (line) => {
  if (line !== 'memory') return;
  (globalThis as { gc?: () => void }).gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  console.log(JSON.stringify({ rss, heapUsed }));
});
console.log(JSON.stringify({ baseUrl: local.baseUrl, botId: bot.botId, token: owner.token }));
