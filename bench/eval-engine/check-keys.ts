/**
 * bench/eval-engine/check-keys: every answer key of the corpus against the text the product extracts from its
 * document (issue 44: keys checked against the extracted text). A key the extraction does not hold cannot be in a
 * reply quoted from it: either the key or the extraction is wrong. Prints the keys not found, per document.
 *
 * Run: npx tsx --conditions=source bench/eval-engine/check-keys.ts [develop,validate]  (the test part only at its look)
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { extractInThisThread } from '../../apps/server/src/engine/extract/extract-core.js';
import { corpusDir, corpusIds, isCorpusPart, readCorpusQuestions } from '../support/corpus.js';

const root = path.resolve(import.meta.dirname, '../..');
const parts = (process.argv[2] ?? 'develop,validate').split(',').filter(isCorpusPart);
const squash = (text: string) => text.toLowerCase().replace(/[‘’]/g, "'").replace(/\s+/g, ' ');

let missing = 0;
let keys = 0;
for (const part of parts) {
  for (const id of corpusIds(root, part)) {
    const q = readCorpusQuestions(root, id);
    let text = '';
    try {
      const extracted = await extractInThisThread(readFileSync(path.join(corpusDir(root), q.document)));
      text = squash(extracted.text);
    } catch (error) {
      console.log(`${part}/${id}: extraction failed: ${(error as Error).message}`);
      continue;
    }
    const lost: string[] = [];
    for (const { q: question, any } of q.answerable) {
      keys += 1;
      if (!any.some((group) => group.every((key) => text.includes(squash(key)))))
        lost.push(`  "${question}": ${JSON.stringify(any)}`);
    }
    missing += lost.length;
    console.log(
      `${part}/${id} (${q.format}, ${text.length} chars): ${lost.length ? `${lost.length} keys not in the text` : 'all keys found'}`,
    );
    if (lost.length) console.log(lost.join('\n'));
  }
}
console.log(`\n${missing} of ${keys} answerable questions have no key group in the extracted text.`);
