/**
 * The server side of bench/chat, in its own process so the load generator does not share its event loop:
 * the real app on a fresh SQLite file with its own Auth emulator (support/local-app.ts), a bot built through
 * the API from a generated 100-page PDF, then one JSON line on stdout ({ baseUrl, botId, shareId, ownerToken }).
 * Stops on SIGTERM.
 *
 * The daily limit is raised and the per-address rate limits turned off through the app's options (construction
 * options, not a route): every request still counts against its visitor in the database.
 */
import { API } from '@vuxo/shared';
import { startLocalApp, stopOnSignals } from '../support/local-app.js';
import { hundredPagePdf } from '../ingest/hundred-page-pdf.js';
import { loadIndex } from '../../apps/server/src/engine/retrieval/index.js';

const local = await startLocalApp({
  chat: { dailyLimit: Number.MAX_SAFE_INTEGER, ratePerMinute: null },
  requestsPerMinute: null,
});
const { baseUrl, database } = local;

const stop = stopOnSignals(local);

try {
  const token = await local.ownerToken('Chat Bench');
  const sessionId = `bench_chat_${Date.now().toString(36)}_session`;
  const form = new FormData();
  form.append('file', new Blob([await hundredPagePdf()], { type: 'application/pdf' }), 'handbook-100.pdf');
  form.append('sessionId', sessionId);
  const extracted = await fetch(`${baseUrl}${API.extract}`, { method: 'POST', body: form });
  if (!extracted.ok) throw new Error(`extract failed: ${extracted.status} ${await extracted.text()}`);
  const { filePath } = (await extracted.json()) as { filePath: string };
  const saved = await fetch(`${baseUrl}${API.saveConfig}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      sessionId,
      botName: 'Bench Bot',
      welcomeMessage: 'Hello!',
      documentName: 'handbook-100.pdf',
      documentPath: filePath,
      creativityLevel: 'restricted',
    }),
  });
  if (!saved.ok) throw new Error(`save failed: ${saved.status} ${await saved.text()}`);
  const { botId } = (await saved.json()) as { botId: string };
  for (;;) {
    const bot = await database.db
      .selectFrom('bots')
      .select(['status', 'share_id'])
      .where('id', '=', botId)
      .executeTakeFirstOrThrow();
    if (bot.status === 'error') throw new Error('the bot build failed');
    if (bot.status === 'cag_generated') {
      const { retrieval_index: index } = await database.db
        .selectFrom('bot_indexes')
        .select('retrieval_index')
        .where('bot_id', '=', botId)
        .executeTakeFirstOrThrow();
      console.log(
        JSON.stringify({
          baseUrl,
          botId,
          shareId: bot.share_id,
          ownerToken: token,
          passages: loadIndex(index).passages.length,
        }),
      );
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await stop(1);
}
