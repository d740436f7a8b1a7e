/**
 * bench/eval-engine: every evaluation set in ../shared/eval through the built-in engine in this process, in
 * seconds: each document extracted, built and asked as bench/answer-quality does through the API (same bot
 * settings, same grading: support/eval-sets.ts), without HTTP, database or worker.
 *
 * Prints a row per document (answered, everyday questions answered, declined, wrongly declined), the totals per set
 * file and for the sets together, and the goals of issue 28. The misses go to eval-engine/last-misses.txt.
 *
 * Run: npm run eval:engine (from the repository or -w bench)
 *   --holdout=<name part,...> or EVAL_HOLDOUT: hold those documents back (a case-insensitive part of the file name)
 *   --fold=N/K or EVAL_FOLD: hold back every K-th document starting at the N-th (1-based, in the table's order)
 *     With either, two more rows total the documents developed on and the ones held back.
 *   BENCH_TONE, BENCH_CREATIVITY, BENCH_VERBOSE=1: as bench/answer-quality
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  findEvalDir,
  grade,
  isEveryday,
  isHeldBack,
  loadEvalSets,
  missLine,
  parseHoldout,
  pct,
} from '../support/eval-sets.js';
import { printTable } from '../support/print-table.js';
import { BOT_SETTINGS, engineBot } from './engine-bot.js';

interface Outcome {
  q: string;
  any: string[][] | null;
  reply: string;
  declined: boolean;
  right: boolean;
}
interface DocumentRun {
  set: string;
  name: string;
  heldBack: boolean;
  outcomes: Outcome[];
}

const root = path.resolve(import.meta.dirname, '../..');
const evalDir = findEvalDir(root);
const { setNames, documents } = loadEvalSets(evalDir);
const holdout = parseHoldout(process.argv.slice(2), process.env);
const splitting = holdout.names.length > 0 || holdout.fold !== null;
const missesFile = path.join(import.meta.dirname, 'last-misses.txt');

const runs: DocumentRun[] = [];
for (const [i, doc] of documents.entries()) {
  const ask = await engineBot(readFileSync(path.join(evalDir, doc.document)), doc.uploadAs, i);
  const outcomes: Outcome[] = [];
  for (const { q, any } of doc.answerable) {
    const reply = await ask(q);
    outcomes.push({ q, any, reply, ...grade(reply, any) });
  }
  for (const q of doc.unanswerable) {
    const reply = await ask(q);
    outcomes.push({ q, any: null, reply, ...grade(reply, null) });
  }
  runs.push({ set: doc.set, name: doc.uploadAs, heldBack: isHeldBack(holdout, doc.uploadAs, i), outcomes });
}

interface Totals {
  answered: number;
  answerable: number;
  everydayAnswered: number;
  everyday: number;
  declined: number;
  unanswerable: number;
  wronglyDeclined: number;
}
function totals(of: DocumentRun[]): Totals {
  const outcomes = of.flatMap((run) => run.outcomes);
  const answerable = outcomes.filter((o) => o.any);
  const unanswerable = outcomes.filter((o) => !o.any);
  const everyday = answerable.filter((o) => isEveryday(o.q));
  return {
    answered: answerable.filter((o) => o.right).length,
    answerable: answerable.length,
    everydayAnswered: everyday.filter((o) => o.right).length,
    everyday: everyday.length,
    declined: unanswerable.filter((o) => o.right).length,
    unanswerable: unanswerable.length,
    wronglyDeclined: answerable.filter((o) => o.declined).length,
  };
}
const row = (set: string, document: string, t: Totals) => [
  set,
  document,
  pct(t.answered, t.answerable),
  pct(t.everydayAnswered, t.everyday),
  pct(t.declined, t.unanswerable),
  t.wronglyDeclined,
];
const meets = (n: number, of: number, share: number) => (of > 0 && n / of >= share ? 'met' : 'NOT met');
const goal = (name: string, t: Totals, answeredShare: number, everyday: boolean) => [
  'goal',
  name,
  `≥ ${Math.round(answeredShare * 100)} %: ${meets(t.answered, t.answerable, answeredShare)}`,
  everyday ? `≥ 95 %: ${meets(t.everydayAnswered, t.everyday, 0.95)}` : '',
  `100 %: ${meets(t.declined, t.unanswerable, 1)}`,
  '',
];

const rows: (string | number)[][] = [
  [
    'set',
    'document',
    'answered with the fact',
    'everyday answered',
    'declined when absent',
    'wrongly declined',
  ],
];
const mark = (run: DocumentRun) => (splitting && run.heldBack ? `${run.name} (held back)` : run.name);
for (const run of runs) rows.push(row(run.set, mark(run), totals([run])));
for (const set of setNames) rows.push(row(set, 'all', totals(runs.filter((run) => run.set === set))));
const others = setNames.filter((set) => set !== 'harbourview');
const othersName = others.join(' + ');
const othersTotals = totals(runs.filter((run) => run.set !== 'harbourview'));
if (others.length > 1) rows.push(row(othersName, 'all', othersTotals));
if (splitting) {
  rows.push(row('all sets', 'developed on', totals(runs.filter((run) => !run.heldBack))));
  rows.push(row('all sets', 'held back', totals(runs.filter((run) => run.heldBack))));
}
if (setNames.includes('harbourview'))
  rows.push(goal('harbourview', totals(runs.filter((run) => run.set === 'harbourview')), 0.9, false));
if (others.length) rows.push(goal(othersName, othersTotals, 0.85, true));
if (setNames.includes('small-business'))
  rows.push(goal('small-business', totals(runs.filter((run) => run.set === 'small-business')), 0.85, true));

const held = runs.filter((run) => run.heldBack).length;
printTable(
  `bench/eval-engine — ${documents.length} documents in ${path.relative(root, evalDir)}, in process ` +
    `(built-in engine; tone ${BOT_SETTINGS.tone}, ${BOT_SETTINGS.creativity}` +
    `${splitting ? `; ${held} held back` : ''}; ${(performance.now() / 1000).toFixed(1)} s in all, start-up included)`,
  rows,
);

const misses = runs.flatMap((run) =>
  run.outcomes.filter((o) => !o.right).map((o) => missLine(`${run.set}/${run.name}`, o)),
);
writeFileSync(
  missesFile,
  `# bench/eval-engine misses, ${new Date().toISOString()} (built-in engine; tone ${BOT_SETTINGS.tone}, ` +
    `${BOT_SETTINGS.creativity})\n${misses.map((line) => `${line}\n`).join('')}`,
);
console.log(`\n${misses.length} misses written to ${path.relative(root, missesFile)}`);
if (process.env.BENCH_VERBOSE === '1' && misses.length) console.log(misses.join('\n'));
