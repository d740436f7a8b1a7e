import { HEADING_SEPARATOR, splitSentences } from '../passages/index.js';
import type { Passage } from '../passages/index.js';
import { indexTerms, specificity, type Concept, type SearchResult } from '../retrieval/index.js';
import { answerTypeOf, holdsAnswerType, requiresAnswerType, type AnswerType } from './answer-types.js';
import type { BotKnowledge } from './bot-knowledge.js';
import { truncate } from './markdown-safety.js';
import { sourceLine } from './source-line.js';
import { pick, type ToneWords } from './tone.js';

/**
 * The extractive composer: a short markdown answer made of the document's own sentences (numbers, times and
 * prices verbatim), in the bot's tone, naming the part of the document they come from. It never writes a fact
 * of its own, and declines when the document does not hold the answer.
 *
 * Every sentence (or list line) of the best passages is scored against the question's concepts: in the sentence
 * itself, in its heading (an FAQ's question), beside it, and in its passage; then by whether it holds the kind
 * of fact asked for ('how many' → a number) and by its passage's rank. The best sentence, with what it leans on,
 * is the answer when it covers enough of what the question is about (see COVERAGE).
 */

/** A sentence, or a line of a list, of a passage. */
interface Unit {
  text: string;
  terms: Set<string>;
  listItem: boolean;
  /** A list's lead-in line ('We accept:'), which introduces its items. */
  lead?: string;
}

interface Candidate {
  unit: Unit;
  /** Rank of its passage among the results (0 = best). */
  rank: number;
  position: number;
  score: number;
  /** The 0..1 share of the question's concepts in the unit itself (no context). */
  match: number;
  coverage: number;
  typed: boolean;
}

/** How many passages' sentences compete. */
const CANDIDATE_PASSAGES = 4;
const MAX_SENTENCES = 3;
const MAX_LIST_ITEMS = 6;
/** A section asked for as a whole is given whole up to this many sentences or lines. */
const WHOLE_SECTION_UNITS = 6;
const MAX_UNIT_CHARS = 450;
/** The sentence after the best one joins it while the two stay this short: it often completes the answer. */
const REPLY_WORDS = 60;
const wordsOf = (unit: Unit) => unit.text.split(/\s+/).length;

/** Where a question word found near a sentence counts, as a share of finding it in the sentence. */
const CONTEXT = {
  ranking: { neighbour: 0.4, passage: 0.3 },
  coverage: { heading: 1, neighbour: 0.7, passage: 0.5 },
} as const;
/**
 * Sentence score bonuses and penalties (the score's main part is the 0..1 concept match): a heading holding the
 * question's words, the kind of fact asked for, the passage's rank, an early place in its passage (answers come
 * first), and against echoing a question or a fragment.
 */
const SCORE = {
  heading: 0.4,
  typed: 0.3,
  passageRank: 0.3,
  early: 0.1,
  question: -0.6,
  fragment: -0.2,
} as const;
/**
 * Declines: the answer must cover this share of what the question is about (its words weighted by how specific
 * they are in everyday English), and no specific word of the question may be missing from the whole document.
 */
export const COVERAGE = { min: 0.55, absentSpecificity: 3, weightFloor: 0.3 } as const;

/** How much a follow-up's borrowed words weigh in choosing the sentence. */
const BORROWED_SHARE = 0.3;
/** A sentence starting with these leans on the one before it ("They never expire."). */
const ANAPHOR =
  /^(?:they|it|its|this|these|those|that|such|he|she|there|their|both|each|the fee|the same|however|otherwise|in that case|if so)\b/i;
const BULLET = /^\s*(?:[-*•‣◦▪+]|\d{1,2}[.)]|[a-z][.)])\s+/i;
const KEY_VALUE = /^[^:.!?]{1,30}:\s+\S/;

/** A passage's sentences and list lines with their terms; made once per loaded passage. */
const unitCache = new WeakMap<Passage, Unit[]>();

function unitsOf(passage: Passage): Unit[] {
  const cached = unitCache.get(passage);
  if (cached) return cached;
  const units: Unit[] = [];
  const push = (text: string, listItem: boolean, lead?: string) => {
    const clean = text.replace(/\s+/g, ' ').trim();
    if (!clean) return;
    const terms = new Set(indexTerms(lead ? `${lead} ${clean}` : clean));
    units.push({ text: truncate(clean, MAX_UNIT_CHARS), terms, listItem, ...(lead ? { lead } : {}) });
  };
  for (const paragraph of passage.text.split(/\n\s*\n/)) {
    const lines = paragraph
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    const first = lines[0] ?? '';
    const lead = lines.length > 2 && first.endsWith(':') && !BULLET.test(first) ? first : undefined;
    const items = lead ? lines.slice(1) : lines;
    const listLike =
      items.length >= 2 &&
      items.filter((l) => BULLET.test(l) || KEY_VALUE.test(l)).length >= Math.ceil(items.length / 2);
    if (listLike) for (const line of items) push(line.replace(BULLET, ''), true, lead);
    else for (const sentence of splitSentences(lines.join(' '))) push(sentence, false);
  }
  unitCache.set(passage, units);
  return units;
}

const headingTermsCache = new WeakMap<Passage, Set<string>>();
function headingTerms(passage: Passage): Set<string> {
  let found = headingTermsCache.get(passage);
  if (!found) {
    found = new Set(indexTerms(passage.heading ?? ''));
    headingTermsCache.set(passage, found);
  }
  return found;
}

export interface ComposeInput {
  /** The visitor's message: it keys the choice of wording. */
  message: string;
  /** The question searched for (the message, or a follow-up completed from the conversation). */
  query: string;
  /** The search results for the query, best first. */
  results: readonly SearchResult[];
  knowledge: BotKnowledge;
  tone: ToneWords;
  /** Where to write when the document has no answer. */
  email: string;
  /** Names the source when a passage has neither heading nor page. */
  documentName: string;
  /** Opens the answer (e.g. 'Hi! ' when the visitor greeted). */
  opener?: string;
}

export interface Composed {
  kind: 'answer' | 'declined';
  reply: string;
  /** The passages the answer quotes, best first. */
  used: SearchResult[];
}

export function decline(input: Pick<ComposeInput, 'message' | 'tone' | 'email'>): Composed {
  const text = pick(input.tone.decline, input.message)(input.email);
  return { kind: 'declined', reply: text, used: [] };
}

/** A question concept with its two weights: for choosing sentences (rarity here) and for coverage (specificity). */
interface WeightedConcept {
  concept: Concept;
  rank: number;
  cover: number;
}

function weigh(
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
    return {
      concept,
      rank: share * Math.log(1 + n / Math.max(1, df)),
      // A word in most passages (the product the document is about) says little about whether it answers.
      cover: concept.counted
        ? (COVERAGE.weightFloor + specificity(concept.term)) * (1 - Math.min(df, n - 1) / n)
        : 0,
    };
  });
}

/** The best match factor of the concept's alternatives in a set of terms (0 when none is there). */
function factorIn(concept: Concept, terms: ReadonlySet<string>): number {
  let best = 0;
  for (const { term, factor } of concept.alternatives) if (factor > best && terms.has(term)) best = factor;
  return best;
}

export function compose(input: ComposeInput): Composed {
  const { results, knowledge } = input;
  const own = input.query === input.message ? null : new Set(indexTerms(input.message));
  const weighted = weigh(knowledge.index.concepts(input.query), knowledge, own);
  const coverTotal = weighted.reduce((sum, w) => sum + w.cover, 0);
  const rankTotal = weighted.reduce((sum, w) => sum + w.rank, 0);
  if (results.length === 0 || coverTotal === 0 || rankTotal === 0) return decline(input);
  // A specific word the document never uses: the question is about something it does not cover.
  const missing = weighted.some(
    (w) =>
      w.cover > 0 &&
      w.concept.alternatives.length === 0 &&
      w.cover - COVERAGE.weightFloor >= COVERAGE.absentSpecificity,
  );
  if (missing) return decline(input);

  const type = answerTypeOf(input.message);
  const questionWords = new Set(
    (input.query.toLowerCase().match(/[\p{L}\d.]+/gu) ?? []).map((w) => w.replace(/'s$/, '')),
  );
  const topScore = results[0]!.score || 1;
  const candidates: Candidate[] = [];
  results.slice(0, CANDIDATE_PASSAGES).forEach((result, rank) => {
    const units = unitsOf(result.passage);
    const heading = headingTerms(result.passage);
    const passageTerms = new Set(units.flatMap((u) => [...u.terms]));
    units.forEach((unit, position) => {
      const neighbours = new Set([
        ...(units[position - 1]?.terms ?? []),
        ...(units[position + 1]?.terms ?? []),
      ]);
      let ranked = 0;
      let headed = 0;
      let matched = 0;
      let covered = 0;
      for (const w of weighted) {
        const own = factorIn(w.concept, unit.terms);
        const inHeading = factorIn(w.concept, heading);
        const neighbour = factorIn(w.concept, neighbours);
        const inPassage = factorIn(w.concept, passageTerms);
        matched += w.rank * own;
        headed += w.rank * inHeading;
        ranked +=
          w.rank * Math.max(own, CONTEXT.ranking.neighbour * neighbour, CONTEXT.ranking.passage * inPassage);
        covered +=
          w.cover *
          Math.max(
            own,
            CONTEXT.coverage.heading * inHeading,
            CONTEXT.coverage.neighbour * neighbour,
            CONTEXT.coverage.passage * inPassage,
          );
      }
      const typed = type !== null && holdsAnswerType(type, unit.text, questionWords);
      const words = unit.text.split(/\s+/).length;
      const score =
        ranked / rankTotal +
        SCORE.heading * (headed / rankTotal) +
        (typed ? SCORE.typed : 0) +
        SCORE.passageRank * (result.score / topScore) +
        SCORE.early / (1 + position) +
        (unit.text.endsWith('?') ? SCORE.question : 0) +
        (words < 4 && !unit.listItem ? SCORE.fragment : 0);
      candidates.push({
        unit,
        rank,
        position,
        score,
        match: matched / rankTotal,
        coverage: covered / coverTotal,
        typed,
      });
    });
  });
  if (candidates.length === 0) return decline(input);
  candidates.sort((a, b) => b.score - a.score || a.rank - b.rank || a.position - b.position);

  const required = type !== null && requiresAnswerType(type, input.message);
  const best = candidates.find((c) => c.coverage >= COVERAGE.min && (!required || c.typed));
  if (!best) return decline(input);
  const chosen = expand(best, candidates, results, type, questionWords);
  const body = render(chosen, input.tone, input.message);
  const usedRanks = [...new Set(chosen.map((c) => c.rank))].sort((a, b) => a - b);
  const used = usedRanks.map((rank) => results[rank]!);
  const source = sourceLine(
    used.map((r) => r.passage),
    input.documentName,
  );
  const closer = pick(input.tone.closers, `${input.message}:closer`);
  const parts = [`${input.opener ?? ''}${body}`.trim(), closer, source].filter(Boolean);
  return { kind: 'answer', reply: parts.join('\n\n'), used };
}

/**
 * The answer around the best sentence: a lead-in's items, the sentence an anaphor leans on, the rest of a list
 * whose items all answer, a short section asked for by its name, or the next sentence when it holds the kind of
 * fact asked for.
 */
function expand(
  best: Candidate,
  candidates: Candidate[],
  results: readonly SearchResult[],
  type: AnswerType | null,
  questionWords: ReadonlySet<string>,
): Candidate[] {
  const passage = results[best.rank]!.passage;
  const units = unitsOf(passage);
  const at = (position: number): Candidate | undefined =>
    candidates.find((c) => c.rank === best.rank && c.position === position);
  const chosen = new Map<number, Candidate>([[best.position, best]]);
  const add = (c: Candidate | undefined) => c && chosen.set(c.position, c);

  if (asksForWholeSection(passage, questionWords)) {
    for (let p = 0; p < units.length; p++) add(at(p));
  } else if (best.unit.text.endsWith(':') || best.unit.text.endsWith('?')) {
    // A lead-in or an FAQ's question: what follows is the answer.
    const limit = best.unit.text.endsWith(':') ? MAX_LIST_ITEMS : MAX_SENTENCES - 1;
    for (let p = best.position + 1; p <= best.position + limit && p < units.length; p++) add(at(p));
  } else if (best.unit.listItem) {
    for (const c of candidates) {
      if (chosen.size >= MAX_LIST_ITEMS) break;
      const sameList = c.rank === best.rank && c.unit.listItem && c.unit.lead === best.unit.lead;
      if (sameList && c.match > 0 && c.match >= best.match * 0.6) add(c);
    }
  } else {
    if (ANAPHOR.test(best.unit.text)) add(at(best.position - 1));
    const next = at(best.position + 1);
    if (next && chosen.size < MAX_SENTENCES) {
      // 'No.' or 'Yes, with one exception:' says little alone.
      const leansBack = ANAPHOR.test(next.unit.text) || best.unit.text.split(/\s+/).length <= 6;
      const typedNext = type !== null && !best.typed && holdsAnswerType(type, next.unit.text, questionWords);
      const short = wordsOf(best.unit) + wordsOf(next.unit) <= REPLY_WORDS;
      if (leansBack || typedNext || short || next.score >= best.score * 0.8) add(next);
    }
  }
  return [...chosen.values()].sort((a, b) => a.position - b.position);
}

/**
 * "What are your hours?" asks for the section as a whole: its one or two words are the heading's own. A short
 * section is then given whole, rather than the one line that happens to say 'closed'.
 */
function asksForWholeSection(passage: Passage, questionWords: ReadonlySet<string>): boolean {
  const own = new Set(indexTerms([...questionWords].join(' ')));
  if (own.size === 0 || own.size > 2 || !passage.heading) return false;
  const heading = new Set(indexTerms(passage.heading.split(HEADING_SEPARATOR).at(-1) ?? ''));
  return [...own].every((term) => heading.has(term)) && unitsOf(passage).length <= WHOLE_SECTION_UNITS;
}

function render(chosen: Candidate[], tone: ToneWords, key: string): string {
  const units = chosen.map((c) => c.unit);
  const items = units.filter((u) => u.listItem);
  if (items.length >= 2) {
    const lead = items[0]!.lead;
    const before = units.filter((u) => !u.listItem && u.text !== lead).map((u) => u.text);
    const intro = before.length
      ? before.join(' ')
      : lead && items.every((u) => u.lead === lead)
        ? lead
        : pick(tone.listIntro, key);
    return `${intro}\n\n${items.map((u) => `- ${u.text}`).join('\n')}`;
  }
  const text = units.map((u) => u.text).join(' ');
  const lead = units[0]?.lead;
  return lead && units.length === 1 ? `${lead} ${text}` : text;
}
