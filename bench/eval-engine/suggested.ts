/**
 * Prints the suggested questions a build makes for each corpus and evaluation document, each with how the engine
 * answers it (sure / unsure / declined) and the first line of the reply: to read them as a visitor would
 * (decision 107). Documents whose path holds none of the arguments are skipped.
 *
 * Run: npm run suggested:engine [-- <part of a file name> …]
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { engineBots } from './engine-bot.js';
import { findEvalDir } from '../support/eval-sets.js';
import { buildKnowledgeHere } from '../../apps/server/src/engine/build/build-knowledge.js';
import { extractInThisThread } from '../../apps/server/src/engine/extract/extract-core.js';

const listed = (dir: string) => (existsSync(dir) ? readdirSync(dir).map((f) => path.join(dir, f)) : []);
const evalDir = findEvalDir(path.resolve(import.meta.dirname, '../..'));
const all = [
  ...listed(path.resolve(import.meta.dirname, '../corpus/documents')),
  ...listed(path.join(evalDir, 'docs')),
  ...listed(evalDir).filter((f) => /\.(?:md|txt)$/.test(f) && !/README/.test(f)),
];
const wanted = process.argv.slice(2);
const files = wanted.length ? all.filter((f) => wanted.some((w) => f.includes(w))) : all;
const bots = engineBots();
for (const [i, file] of files.entries()) {
  const bytes = readFileSync(file);
  const extracted = await extractInThisThread(bytes);
  const built = buildKnowledgeHere({ text: extracted.text, pages: extracted.pages, webPages: [] });
  const { ask } = await bots(bytes, path.basename(file), i);
  console.log(`\n## ${path.basename(file)}`);
  for (const q of built.questions) {
    const { reply, declineReason, unsure } = await ask(q);
    const kind = declineReason ? 'declined' : unsure ? 'unsure' : 'sure';
    console.log(`- ${q}  [${kind}] ${reply.split('\n')[0]?.slice(0, 110)}`);
  }
}
