/**
 * bench/eval-engine: every evaluation set in ../shared/eval through the built-in engine in this process, in
 * seconds: each document extracted, built and asked as bench/answer-quality does through the API (same bot
 * settings, same grading: support/eval-sets.ts), without HTTP, database or worker.
 *
 * Prints a row per document (answered, everyday questions answered, declined, wrongly declined), the totals per set
 * file and for the sets together, and the goals of issue 28. The misses go to eval-engine/last-misses.txt.
 *
 * Run: npm run eval:engine (from the repository or -w bench; options after `--`)
 *   --holdout=<name part,...> or EVAL_HOLDOUT: hold those documents back (a case-insensitive part of the file name)
 *   --fold=N/K or EVAL_FOLD: hold back every K-th document starting at the N-th (1-based, in the table's order)
 *     With either, two more rows total the documents developed on and the ones held back.
 *   --rules-off=<rule,...> or ENGINE_RULES_OFF: run with those engine rules off (apps/server/src/engine/rules.ts)
 *   --rule-worth or EVAL_RULE_WORTH=1: then again with each other rule off in turn, and a table of what each is worth
 *   --corpus=<part,...> or EVAL_CORPUS: the corpus's develop / validate parts (bench/corpus) instead of ../shared/eval;
 *     `eval` in the list adds ../shared/eval. The test part also needs --look-at-test, and each look is logged.
 *   BENCH_TONE, BENCH_CREATIVITY, BENCH_VERBOSE=1: as bench/answer-quality
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ENGINE_RULES, isEngineRule, type EngineRule } from '../../apps/server/src/engine/rules.js';
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
import { isCorpusPart, loadCorpus, logTestLook } from '../support/corpus.js';
import { keyFactsMeasure } from './key-facts-measure.js';
import { replyKinds } from './reply-kinds.js';
import type { DeclineReason } from '../../apps/server/src/engine/answer/index.js';
import type { KeyFacts } from '../../apps/server/src/engine/facts/index.js';
import { BOT_SETTINGS, engineBots } from './engine-bot.js';
import { keyFactsListing } from './key-facts-listing.js';

interface Outcome {
  q: string;
  any: string[][] | null;
  reply: string;
  declined: boolean;
  right: boolean;
  /** Which rule declined it, and on which words ('absent-word: amex'). */
  why?: string;
  /** The engine gave its answer unsure (decision 089). */
  unsure: boolean;
  everyday: boolean;
}

const why = (reason?: DeclineReason) =>
  reason ? { why: `${reason.rule}${reason.words.length ? `: ${reason.words.join(', ')}` : ''}` } : {};
interface DocumentRun {
  set: string;
  name: string;
  heldBack: boolean;
  outcomes: Outcome[];
}

const root = path.resolve(import.meta.dirname, '../..');
const evalDir = findEvalDir(root);
const args = process.argv.slice(2);
const corpusParts = (
  args.find((arg) => arg.startsWith('--corpus='))?.slice('--corpus='.length) ??
  process.env.EVAL_CORPUS ??
  ''
)
  .split(',')
  .map((part) => part.trim())
  .filter(Boolean);
const lookAtTest = args.includes('--look-at-test');
for (const part of corpusParts) {
  if (part !== 'eval' && !isCorpusPart(part)) throw new Error(`--corpus: unknown part ${part}`);
  if (part === 'test' && !lookAtTest)
    throw new Error(
      'The test part is run once, at the end of the work: add --look-at-test (the look is logged).',
    );
}
const { setNames, documents } = (() => {
  const shared = loadEvalSets(evalDir);
  if (!corpusParts.length) return shared;
  const parts = corpusParts.filter(isCorpusPart);
  return {
    setNames: [...(corpusParts.includes('eval') ? shared.setNames : []), ...parts.map((p) => `corpus-${p}`)],
    documents: [
      ...(corpusParts.includes('eval') ? shared.documents : []),
      ...parts.flatMap((part) => loadCorpus(root, part)),
    ],
  };
})();
const holdout = parseHoldout(args, process.env);
const splitting = holdout.names.length > 0 || holdout.fold !== null;
const rulesOff = readRulesOff(
  args.find((arg) => arg.startsWith('--rules-off='))?.slice('--rules-off='.length) ??
    process.env.ENGINE_RULES_OFF ??
    '',
);
const ruleWorth = args.includes('--rule-worth') || process.env.EVAL_RULE_WORTH === '1';
const missesFile = path.join(import.meta.dirname, 'last-misses.txt');
const keyFactDifferencesFile = path.join(import.meta.dirname, 'last-key-fact-differences.txt');

function readRulesOff(list: string): EngineRule[] {
  const names = list
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !isEngineRule(name));
  if (unknown.length)
    throw new Error(
      `Unknown engine rule ${unknown.join(', ')}; rules: ${Object.keys(ENGINE_RULES).join(', ')}`,
    );
  return names as EngineRule[];
}

/** The set whose documents' key facts are listed (issue 28): the small businesses visitors ask everyday things. */
const FACTS_LISTED_FOR = 'small-business';
const facts = new Map<string, KeyFacts | null>();
const measured = new Map<string, Parameters<typeof keyFactsMeasure>[0][number]>();

/** Every document built and asked with exactly these rules off. */
async function evaluate(off: readonly EngineRule[]): Promise<DocumentRun[]> {
  const engineBot = engineBots(off);
  const runs: DocumentRun[] = [];
  for (const [i, doc] of documents.entries()) {
    const { ask, keyFacts } = await engineBot(readFileSync(doc.file), doc.uploadAs, i);
    if (doc.set === FACTS_LISTED_FOR) facts.set(doc.uploadAs, keyFacts);
    if (doc.goldFacts)
      measured.set(doc.uploadAs, { name: doc.uploadAs, built: keyFacts, gold: doc.goldFacts });
    const outcomes: Outcome[] = [];
    for (const { q, any, everyday } of doc.answerable) {
      const { reply, declineReason, unsure } = await ask(q);
      const asked = { q, any, reply, unsure, everyday: everyday ?? isEveryday(q) };
      outcomes.push({ ...asked, ...grade(reply, any), ...why(declineReason) });
    }
    for (const q of doc.unanswerable) {
      const { reply, declineReason, unsure } = await ask(q);
      outcomes.push({
        q,
        any: null,
        reply,
        unsure,
        everyday: false,
        ...grade(reply, null),
        ...why(declineReason),
      });
    }
    runs.push({ set: doc.set, name: doc.uploadAs, heldBack: isHeldBack(holdout, doc.uploadAs, i), outcomes });
  }
  return runs;
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
  const everyday = answerable.filter((o) => o.everyday);
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
const others = setNames.filter((set) => set !== 'harbourview');
const othersName = others.join(' + ');
const inSet = (runs: DocumentRun[], set: string) => runs.filter((run) => run.set === set);

function printRuns(runs: DocumentRun[]): void {
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
  for (const set of setNames) rows.push(row(set, 'all', totals(inSet(runs, set))));
  const othersTotals = totals(runs.filter((run) => run.set !== 'harbourview'));
  if (others.length > 1) rows.push(row(othersName, 'all', othersTotals));
  if (splitting) {
    rows.push(row('every set', 'developed on', totals(runs.filter((run) => !run.heldBack))));
    rows.push(row('every set', 'held back', totals(runs.filter((run) => run.heldBack))));
  }
  if (setNames.includes('harbourview'))
    rows.push(goal('harbourview', totals(inSet(runs, 'harbourview')), 0.9, false));
  if (others.length) rows.push(goal(othersName, othersTotals, 0.85, true));
  if (setNames.includes('small-business'))
    rows.push(goal('small-business', totals(inSet(runs, 'small-business')), 0.85, true));
  const held = runs.filter((run) => run.heldBack).length;
  printTable(
    `bench/eval-engine — ${documents.length} documents in ${path.relative(root, evalDir)}, in process ` +
      `(built-in engine; tone ${BOT_SETTINGS.tone}, ${BOT_SETTINGS.creativity}` +
      `${rulesOff.length ? `; rules off: ${rulesOff.join(', ')}` : ''}${splitting ? `; ${held} held back` : ''}; ` +
      `${(performance.now() / 1000).toFixed(1)} s in all, start-up included)`,
    rows,
  );
}

/** How well 'unsure' (decision 089) points at wrong answers: of the answers given, right and wrong, the share marked. */
function printUnsure(runs: DocumentRun[]): void {
  const given = runs.flatMap((run) => run.outcomes).filter((o) => !o.declined);
  const right = given.filter((o) => o.right);
  const wrong = given.filter((o) => !o.right);
  const marked = (of: Outcome[]) => pct(of.filter((o) => o.unsure).length, of.length);
  console.log(
    `\nAnswers marked unsure: ${marked(given)} of the answers given; ` +
      `${marked(wrong)} of the wrong ones, ${marked(right)} of the right ones`,
  );
}

/** What each rule is worth: the questions right with it on, less those right with it off. */
function printWorth(base: DocumentRun[], without: Map<EngineRule, DocumentRun[]>): void {
  const numbers = (runs: DocumentRun[]) => {
    const t = totals(runs);
    const halves = [runs.filter((run) => !run.heldBack), runs.filter((run) => run.heldBack)];
    return [
      t.answered,
      t.everydayAnswered,
      t.declined,
      ...(splitting ? halves.map((half) => totals(half).answered) : []),
    ];
  };
  const on = numbers(base);
  const rows: (string | number)[][] = [
    [
      'rule',
      'answered',
      'everyday answered',
      'declined',
      ...(splitting ? ['answered: developed on', 'answered: held back'] : []),
    ],
    ['all on (questions right)', ...on],
  ];
  for (const [rule, runs] of without) rows.push([rule, ...numbers(runs).map((n, i) => signed(on[i]! - n))]);
  printTable(
    `What each rule is worth on every set: the questions it makes right (negative: ones it makes wrong)` +
      `${rulesOff.length ? `, with ${rulesOff.join(', ')} off throughout` : ''}`,
    rows,
  );
}
const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

const base = await evaluate(rulesOff);
printRuns(base);
printUnsure(base);
const kinds = replyKinds(
  setNames.map((set) => [set, inSet(base, set).flatMap((run) => run.outcomes)] as const),
);
console.log(kinds.table);
if (measured.size) {
  const { table, differences } = keyFactsMeasure([...measured.values()]);
  console.log(table);
  writeFileSync(keyFactDifferencesFile, differences);
  console.log(
    `Key facts that differ from the lists written to ${path.relative(root, keyFactDifferencesFile)}`,
  );
}
if (corpusParts.includes('test')) {
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
    cwd: root,
    encoding: 'utf8',
  }).trim();
  logTestLook(root, commit, kinds.summary('corpus-test'));
  console.log('\nThis look at the test part is logged in bench/corpus/test-looks.md.');
}
if (facts.size) {
  console.log(`\nKey facts as the build stored them (${FACTS_LISTED_FOR} set; — : the document gives none)`);
  for (const [name, found] of facts) console.log(keyFactsListing(name, found));
}
const misses = base.flatMap((run) =>
  run.outcomes.filter((o) => !o.right).map((o) => missLine(`${run.set}/${run.name}`, o)),
);
writeFileSync(
  missesFile,
  `# bench/eval-engine misses, ${new Date().toISOString()} (built-in engine; tone ${BOT_SETTINGS.tone}, ` +
    `${BOT_SETTINGS.creativity}${rulesOff.length ? `; rules off: ${rulesOff.join(', ')}` : ''})\n` +
    misses.map((line) => `${line}\n`).join(''),
);
console.log(`\n${misses.length} misses written to ${path.relative(root, missesFile)}`);
if (process.env.BENCH_VERBOSE === '1' && misses.length) console.log(misses.join('\n'));

if (ruleWorth) {
  const without = new Map<EngineRule, DocumentRun[]>();
  for (const rule of Object.keys(ENGINE_RULES) as EngineRule[])
    if (!rulesOff.includes(rule)) without.set(rule, await evaluate([...rulesOff, rule]));
  printWorth(base, without);
  console.log(`\n${(performance.now() / 1000).toFixed(1)} s in all`);
}
