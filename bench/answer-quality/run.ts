/**
 * bench/answer-quality: the Harbourview development set (../shared/eval) through the real API: the handbook
 * uploaded as .txt to POST /api/extract, a bot saved and built, every question asked through POST /api/chat as
 * the bot's owner (no daily limit). Prints the share of answerable questions whose answer holds the expected
 * facts (goal ≥ 90 %), the share of unanswerable ones politely declined (goal 100 %) and the answer times.
 * Run: npm run bench:answer-quality -w bench   (tone: BENCH_TONE=formal; creativity: BENCH_CREATIVITY=restricted)
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { API } from '@vuxo/shared';
import { median, printTable, startLocalApp } from '../support/local-app.js';

interface EvalSet {
  document: string;
  answerable: { q: string; any: string[][] }[];
  unanswerable: string[];
}

const root = path.resolve(import.meta.dirname, '../..');
/** The shared development set beside the repository; the copy kept with the retrieval tests otherwise. */
const evalDir = [
  path.resolve(root, '../shared/eval'),
  path.join(root, 'apps/server/test/engine/retrieval/fixtures'),
].find((dir) => existsSync(path.join(dir, 'harbourview-questions.json')))!;
const set = JSON.parse(readFileSync(path.join(evalDir, 'harbourview-questions.json'), 'utf8')) as EvalSet;
const handbook = readFileSync(path.join(evalDir, set.document), 'utf8');
const tone = process.env.BENCH_TONE ?? 'friendly';
const creativity = process.env.BENCH_CREATIVITY ?? 'restricted';

/** An answer holds the facts when it contains every string of one group (case-insensitive). */
const holdsFacts = (text: string, any: string[][]) =>
  any.some((group) => group.every((fact) => text.toLowerCase().includes(fact.toLowerCase())));
/** A polite decline says the documents do not hold it and gives an address to write to. */
const DECLINE =
  /couldn'?t find|could not find|don'?t have (?:any )?information|do not contain|not something my docs cover|do not have that information/i;
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/;
const politelyDeclined = (text: string) => DECLINE.test(text) && EMAIL.test(text);

const local = await startLocalApp();
try {
  const token = await local.ownerToken('Quality Bench');
  const sessionId = `bench_quality_${Date.now().toString(36)}_session`;
  const form = new FormData();
  form.append('file', new Blob([handbook], { type: 'text/plain' }), 'harbourview-handbook.txt');
  form.append('sessionId', sessionId);
  const extracted = await fetch(`${local.baseUrl}${API.extract}`, { method: 'POST', body: form });
  if (!extracted.ok) throw new Error(`extract failed: ${extracted.status} ${await extracted.text()}`);
  const { filePath } = (await extracted.json()) as { filePath: string };
  const saved = await fetch(`${local.baseUrl}${API.saveConfig}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      sessionId,
      botName: 'Harbour Helper',
      welcomeMessage: 'Hi! Ask me about Harbourview Physiotherapy.',
      chatbotTone: tone,
      creativityLevel: creativity,
      documentName: 'harbourview-handbook.txt',
      documentPath: filePath,
    }),
  });
  if (!saved.ok) throw new Error(`save failed: ${saved.status} ${await saved.text()}`);
  const { botId } = (await saved.json()) as { botId: string };
  for (;;) {
    const { status } = await local.database.db
      .selectFrom('bots')
      .select('status')
      .where('id', '=', botId)
      .executeTakeFirstOrThrow();
    if (status === 'error') throw new Error('the bot build failed');
    if (status === 'cag_generated') break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }

  const times: number[] = [];
  const ask = async (message: string): Promise<string> => {
    const started = performance.now();
    const res = await fetch(`${local.baseUrl}${API.chat}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ botConfigId: botId, message, history: [] }),
    });
    times.push(performance.now() - started);
    if (!res.ok) throw new Error(`chat failed: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { reply: string }).reply;
  };

  const missed: string[] = [];
  let answered = 0;
  for (const { q, any } of set.answerable) {
    const reply = await ask(q);
    if (holdsFacts(reply, any)) answered++;
    else missed.push(`  answerable: ${q}\n    → ${reply.replace(/\n+/g, ' ⏎ ')}`);
  }
  let declined = 0;
  for (const q of set.unanswerable) {
    const reply = await ask(q);
    if (politelyDeclined(reply)) declined++;
    else missed.push(`  unanswerable: ${q}\n    → ${reply.replace(/\n+/g, ' ⏎ ')}`);
  }

  const pct = (n: number, of: number) => `${n}/${of} (${Math.round((100 * n) / of)} %)`;
  const answeredShare = answered / set.answerable.length;
  const declinedShare = declined / set.unanswerable.length;
  const sorted = [...times].sort((a, b) => a - b);
  const p95 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))]!;
  printTable(
    `bench/answer-quality — ${set.document} through the API (tone ${tone}, ${creativity}, built-in engine; owner calls verify a token each time)`,
    [
      ['measure', 'result', 'goal'],
      [
        'answerable: answer holds the facts',
        pct(answered, set.answerable.length),
        `≥ 90 %: ${answeredShare >= 0.9 ? 'met' : 'NOT met'}`,
      ],
      [
        'unanswerable: politely declined',
        pct(declined, set.unanswerable.length),
        `100 %: ${declinedShare === 1 ? 'met' : 'NOT met'}`,
      ],
      ['median answer time', `${median(times).toFixed(1)} ms`, ''],
      ['p95 answer time', `${p95.toFixed(1)} ms`, ''],
    ],
  );
  if (missed.length) console.log(`\nMissed:\n${missed.join('\n')}`);
  process.exitCode = answeredShare >= 0.9 && declinedShare === 1 ? 0 : 1;
} finally {
  await local.close();
}
process.exit(process.exitCode ?? 0);
