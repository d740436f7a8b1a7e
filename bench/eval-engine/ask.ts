/**
 * Asks one corpus or evaluation document questions through the built-in engine, printing each reply with its kind
 * and the assurance's features — for looking into a miss that eval:engine lists.
 *
 * Run: npm run ask:engine -- <document> "<question>" ["<question>" …]
 *   <document>: a corpus document's file name (bench/corpus/documents) or a path; ASK_FACTS=1 prints the key facts,
 *   ASK_VERBOSE=1 each reply's assessment, ASK_TEXT=1 the text extracted from the document, ASK_PASSAGES=1 its
 *   passages with their headings.
 *   With "-" for the question, only what the variables ask for is printed.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { engineBots } from './engine-bot.js';
import { splitIntoPassages } from '../../apps/server/src/engine/passages/index.js';
import { extractInThisThread } from '../../apps/server/src/engine/extract/extract-core.js';

const [file, ...questions] = process.argv.slice(2);
if (!file || questions.length === 0) throw new Error('Usage: ask.ts <document file> "<question>" …');
const inCorpus = path.resolve(import.meta.dirname, '../corpus/documents', file);
const bytes = readFileSync(existsSync(file) ? file : inCorpus);
const { ask, keyFacts } = await engineBots()(bytes, path.basename(file), 0);
const extracted = await extractInThisThread(bytes);
if (process.env.ASK_TEXT === '1') console.log(extracted.text);
if (process.env.ASK_PASSAGES === '1')
  for (const p of splitIntoPassages({ text: extracted.text, pages: extracted.pages }))
    console.log(`--- ${p.ordinal} [${p.heading ?? ''}]\n${p.text}`);
if (process.env.ASK_FACTS === '1') console.log(JSON.stringify(keyFacts, null, 1));
for (const question of questions.filter((q) => q !== '-')) {
  const { reply, declineReason, unsure, assessment } = await ask(question);
  const kind = declineReason
    ? `declined (${declineReason.rule}: ${declineReason.words.join(', ')})`
    : unsure
      ? 'unsure'
      : 'sure';
  console.log(`\n> ${question}\n[${kind}] ${reply}`);
  if (process.env.ASK_VERBOSE === '1' && assessment) console.log(JSON.stringify(assessment));
}
