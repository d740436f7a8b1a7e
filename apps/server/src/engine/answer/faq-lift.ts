import { HEADING_SEPARATOR, type Passage } from '../passages/index.js';
import type { SearchResult } from '../retrieval/index.js';
import { isStopWord, terms } from '../retrieval/text-analysis.js';
import { ruleOn } from '../rules.js';

/**
 * A document's own FAQ entry asking the visitor's question ('How many driving lessons will I need?' for 'roughly
 * how many lessons will I need before my test'): its words are mostly small ones ('how many', 'will I need') that
 * the search does not count, so the entry can rank far below passages that repeat 'lessons'. Its answer is the
 * one the visitor wants: it joins the passages the answer is chosen from (rule faq-heading-lift).
 */

/** A small word weighs this much of a content word in telling two questions apart. */
const SMALL_WORD_WEIGHT = 0.25;
/** The least similarity (a weighted cosine of the two questions' words) that makes an entry the visitor's question. */
export const FAQ_LIFT_MIN = 0.5;
/** Where a lifted entry goes among the results the answer is chosen from (the composer reads the first few). */
const LIFT_TO = 1;

type Weighted = Map<string, number>;

/** Every word of a question, small ones weighed less; content words as index terms ('lessons' → 'lesson'). */
export function questionWords(text: string): Weighted {
  const words = new Map<string, number>();
  for (const word of text.toLowerCase().match(/[\p{L}\d]+/gu) ?? []) {
    if (isStopWord(word)) words.set(word, SMALL_WORD_WEIGHT);
    else for (const term of terms(word)) words.set(term, 1);
  }
  return words;
}

export function similarity(a: Weighted, b: Weighted): number {
  let shared = 0;
  let sumA = 0;
  let sumB = 0;
  for (const [word, weight] of a) {
    sumA += weight;
    if (b.has(word)) shared += weight;
  }
  for (const weight of b.values()) sumB += weight;
  return sumA && sumB ? shared / Math.sqrt(sumA * sumB) : 0;
}

/** The FAQ entries of a bot's passages (headings that are questions), read once per loaded passage list. */
const entriesOf = new WeakMap<readonly Passage[], { passage: Passage; words: Weighted }[]>();

function faqEntries(passages: readonly Passage[]) {
  let entries = entriesOf.get(passages);
  if (!entries) {
    entries = [];
    for (const passage of passages) {
      const title = passage.heading?.split(HEADING_SEPARATOR).at(-1)?.trim() ?? '';
      if (title.endsWith('?')) entries.push({ passage, words: questionWords(title) });
    }
    entriesOf.set(passages, entries);
  }
  return entries;
}

/**
 * The results with the FAQ entry most like the question moved near the top, when one is like it enough and is not
 * there already; the results as they were otherwise.
 */
export function liftFaqEntry(
  question: string,
  passages: readonly Passage[],
  results: readonly SearchResult[],
): SearchResult[] {
  if (!ruleOn('faq-heading-lift') || results.length === 0) return [...results];
  const entries = faqEntries(passages);
  if (entries.length === 0) return [...results];
  const asked = questionWords(question);
  let best: { passage: Passage; score: number } | null = null;
  for (const entry of entries) {
    const score = similarity(asked, entry.words);
    if (score >= FAQ_LIFT_MIN && (!best || score > best.score)) best = { passage: entry.passage, score };
  }
  if (!best) return [...results];
  const at = results.findIndex((r) => r.passage === best.passage);
  if (at >= 0 && at <= LIFT_TO) return [...results];
  const rest = results.filter((r) => r.passage !== best.passage);
  const top = results[0]!;
  const lifted: SearchResult = {
    passage: best.passage,
    score: top.score,
    confidence: best.score,
    matchedTerms: [],
  };
  return [...rest.slice(0, LIFT_TO), lifted, ...rest.slice(LIFT_TO)];
}
