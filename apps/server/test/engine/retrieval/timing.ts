/**
 * Rough timings on a synthetic 100-page PDF-like document (not a test: the shared machine is too noisy for
 * timed assertions). Run: npx tsx apps/server/test/engine/retrieval/timing.ts
 */
import { splitIntoPassages } from '../../../src/engine/passages/index.js';
import { buildIndex, loadIndex } from '../../../src/engine/retrieval/index.js';
import { HANDBOOK, QUESTIONS } from './fixtures/harbourview.js';

const EXTRA =
  'alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar papa';
const WORDS: string[] = [...(HANDBOOK.toLowerCase().match(/[a-z]{3,}/g) ?? []), ...EXTRA.split(' ')];
let seed = 42;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const word = () => WORDS[Math.floor(random() * WORDS.length)] ?? 'word';
const sentence = () => {
  const text = Array.from({ length: 8 + Math.floor(random() * 14) }, word).join(' ');
  return `${text[0]?.toUpperCase()}${text.slice(1)} ${Math.floor(random() * 500)}.`;
};
const pages = Array.from({ length: 100 }, (_, i) => ({
  page: i + 1,
  text: [
    `Section ${i + 1} ${word()} ${word()}`,
    ...Array.from({ length: 5 }, () => Array.from({ length: 5 }, sentence).join(' ')),
  ].join('\n\n'),
}));
pages[50] = { page: 51, text: HANDBOOK };

const time = <T>(label: string, runs: number, f: () => T): T => {
  const start = performance.now();
  let result = f();
  for (let i = 1; i < runs; i++) result = f();
  console.log(`${label}: ${((performance.now() - start) / runs).toFixed(3)} ms`);
  return result;
};

const doc = { text: pages.map((p) => p.text).join('\n\n'), pages };
const passages = time('split 100 pages', 5, () => splitIntoPassages(doc));
const serialized = time('build index', 5, () => buildIndex(passages));
console.log(`${passages.length} passages, index ${(serialized.length / 1024).toFixed(0)} KiB`);
const index = time('load index', 20, () => loadIndex(serialized));
time('first typo search (builds the vocabulary)', 1, () => index.search('wheelchar acess'));
const queries = [...QUESTIONS.answerable.map((a) => a.q), ...QUESTIONS.unanswerable];
const start = performance.now();
for (let i = 0; i < 20; i++) for (const q of queries) index.search(q);
console.log(`search: ${((performance.now() - start) / (20 * queries.length)).toFixed(3)} ms per question`);
