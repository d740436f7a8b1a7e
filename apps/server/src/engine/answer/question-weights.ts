/** How the composer weighs the question: its concepts' weights, the words it is most about, FAQ matches. */
import { HEADING_SEPARATOR } from '../passages/index.js';
import type { Passage } from '../passages/index.js';
import { indexTerms, specificity, type Concept } from '../retrieval/index.js';
import type { BotKnowledge } from './bot-knowledge.js';
import { perPassage } from './units.js';

/** How much a follow-up's borrowed words weigh in choosing the sentence. */
const BORROWED_SHARE = 0.3;
/** Every counted word weighs at least this much toward coverage, however everyday it is. */
export const COVER_WEIGHT_FLOOR = 0.3;

/** A question concept with its two weights: for choosing sentences (rarity here) and for coverage (specificity). */
export interface WeightedConcept {
  concept: Concept;
  rank: number;
  cover: number;
}

/**
 * A word rare in this document but everyday in English ('stop', 'take') chooses sentences less than a specific one
 * ('delete', 'receipt'): up to half its rarity here is discounted, none from this specificity up.
 */
const EVERYDAY = { share: 0.5, specificAt: 3 } as const;
const everydayDiscount = (specific: number) =>
  1 - EVERYDAY.share + EVERYDAY.share * Math.min(1, specific / EVERYDAY.specificAt);

/**
 * No one word decides coverage alone: a present word weighs at most this many times the mean of the question's
 * other counted words ('Are people paid to answer my GitHub issues?' is about the paying, not about GitHub).
 */
const DOMINANT_COVER_SHARE = 3;

export function weigh(
  concepts: Concept[],
  knowledge: BotKnowledge,
  own: ReadonlySet<string> | null,
): WeightedConcept[] {
  const weighted = weighEach(concepts, knowledge, own);
  return weighted.map((w) => {
    const others = weighted.filter((o) => o !== w && o.cover > 0);
    if (others.length < 2 || w.concept.alternatives.length === 0) return w;
    const mean = others.reduce((sum, o) => sum + o.cover, 0) / others.length;
    return { ...w, cover: Math.min(w.cover, DOMINANT_COVER_SHARE * mean) };
  });
}

function weighEach(
  concepts: Concept[],
  knowledge: BotKnowledge,
  own: ReadonlySet<string> | null,
): WeightedConcept[] {
  const n = Math.max(1, knowledge.index.passages.length);
  return concepts.map((concept) => {
    // In a follow-up, the visitor's new words choose the sentence; the borrowed topic counts less.
    const share = own && !own.has(concept.term) ? BORROWED_SHARE : 1;
    // Present: in how many passages its best-spread alternative occurs; absent: none.
    const df = concept.alternatives.reduce(
      (most, a) => Math.max(most, knowledge.index.documentFrequency(a.term)),
      0,
    );
    const specific = COVER_WEIGHT_FLOOR + specificity(concept.term);
    return {
      concept,
      rank: share * Math.log(1 + n / Math.max(1, df)) * everydayDiscount(specific),
      // A word in most passages (the product the document is about) says little about whether it answers.
      cover: concept.counted
        ? (COVER_WEIGHT_FLOOR + specificity(concept.term)) * (1 - Math.min(df, n - 1) / n)
        : 0,
    };
  });
}

/**
 * The words a question is most about: its last content word (the object: 'Does it run on Windows?') and the noun
 * of a leading 'which' or 'what' ('Which projects use it?'). When one of them is nowhere in the document, the
 * answer must cover more of the rest.
 */
export function focusTerms(query: string, queryTerms: readonly string[]): Set<string> {
  const words = queryTerms.filter((t) => /^[a-z]/.test(t));
  const focus = new Set(words.slice(-1));
  const which =
    /^\s*(?:which|what)\s+((?:(?!(?:is|are|was|were|do|does|did|can|should|will|would|has|have)\b)[\p{L}-]+\s*){1,2})/iu.exec(
      query,
    );
  for (const term of indexTerms(which?.[1] ?? '')) focus.add(term);
  return focus;
}

const WORD = /[\p{L}\d]+/gu;
export const wordsIn = (text: string) =>
  new Set((text.toLowerCase().match(WORD) ?? []).map((w) => w.replace(/s$/, '')));

/**
 * How closely the visitor's question repeats the passage's own question heading (an FAQ entry), counting every
 * word, small ones too: 'Where does the name … come from?' is told apart by 'where', 'come' and 'from'. 0 when
 * the heading is no question.
 */
export function faqMatch(passage: Passage, asked: ReadonlySet<string>): number {
  const heading = questionHeadingWords(passage);
  if (!heading || asked.size === 0) return 0;
  let shared = 0;
  for (const word of asked) if (heading.has(word)) shared++;
  return (shared / asked.size) ** 2;
}

/** The words of the passage's own heading when it is a question; null otherwise. */
const questionHeadingWords = perPassage((passage): Set<string> | null => {
  const title = passage.heading?.split(HEADING_SEPARATOR).at(-1) ?? '';
  return title.endsWith('?') ? wordsIn(title) : null;
});

/** The best match factor of the concept's alternatives in a set of terms (0 when none is there). */
export function factorIn(concept: Concept, terms: ReadonlySet<string>): number {
  let best = 0;
  for (const { term, factor } of concept.alternatives) if (factor > best && terms.has(term)) best = factor;
  return best;
}
