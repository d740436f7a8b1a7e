import { HEADING_SEPARATOR, splitSentences } from '../passages/index.js';
import type { Passage } from '../passages/index.js';
import { hasConfidentMatch, indexTerms, type SearchResult } from '../retrieval/index.js';
import { synonymsOf } from '../retrieval/synonyms.js';
import type { BotKnowledge } from './bot-knowledge.js';
import { truncate } from './markdown-safety.js';
import { sourceLine } from './source-line.js';
import { pick, type ToneWords } from './tone.js';

/**
 * The extractive composer: a short markdown answer made of the document's own sentences (numbers, times and
 * prices verbatim), the ones that carry the question's words, in the bot's tone, naming the part of the
 * document they come from. It never writes a fact of its own.
 */

/** A sentence, or a line of a list, of a passage. */
interface Unit {
  text: string;
  /** Rank of its passage among the results used (0 = best). */
  rank: number;
  /** Position within the passage. */
  position: number;
  terms: Set<string>;
  /** The visitor's own words in it (or a close synonym), with their weights. */
  own: Map<string, number>;
  /** Words the search added (synonyms, typo fixes, a borrowed topic), with their weights. */
  borrowed: Map<string, number>;
  listItem: boolean;
  /** A list's lead-in line ('We accept:'), which introduces its items. */
  lead?: string;
  score: number;
}

const MAX_UNITS = 3;
const MAX_LIST_ITEMS = 6;
/** A section asked for as a whole is given whole up to this many sentences or lines. */
const WHOLE_SECTION_UNITS = 6;
const MAX_UNIT_CHARS = 450;
/** Other passages are used only when nearly as good as the best one. */
const SECOND_PASSAGE_SHARE = 0.6;
/** Words of the visitor count fully; words the search added (synonyms, a borrowed topic) count less. */
const BORROWED_FACTOR = 0.6;
const RANK_FACTOR = [1, 0.85, 0.7];
/**
 * A further sentence is added when the question words it adds weigh this share of the best sentence's: words of
 * the visitor's, or only words the search added; from another passage, the visitor's words only.
 */
const EXTRA_SHARE = { ownWords: 0.4, addedWords: 0.8, otherPassage: 0.6 } as const;
const BORROWED_REST_SHARE = 0.2;
/** A synonym at least this close (retrieval's factor) covers the visitor's word. */
const SYNONYM_COVERS = 0.6;
/** A sentence starting with these leans on the one before it ("They never expire."). */
const ANAPHOR =
  /^(?:they|it|its|this|these|those|that|such|he|she|there|their|both|each|the fee|the same)\b/i;
const BULLET = /^\s*(?:[-*•‣◦▪+]|\d{1,2}[.)]|[a-z][.)])\s+/i;
const KEY_VALUE = /^[^:.!?]{1,30}:\s+\S/;

type BaseUnit = Pick<Unit, 'text' | 'terms' | 'listItem' | 'lead'>;

/** A passage's sentences and list lines with their terms; made once per loaded passage. */
const unitCache = new WeakMap<Passage, BaseUnit[]>();

function baseUnitsOf(passage: Passage): BaseUnit[] {
  const cached = unitCache.get(passage);
  if (cached) return cached;
  const units: BaseUnit[] = [];
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

function unitsOf(passage: Passage, rank: number): Unit[] {
  // Every field written out, in one order: these objects are made for every answer.
  return baseUnitsOf(passage).map((base, position) => ({
    text: base.text,
    terms: base.terms,
    listItem: base.listItem,
    lead: base.lead,
    rank,
    position,
    own: new Map(),
    borrowed: new Map(),
    score: 0,
  }));
}

export interface ComposeInput {
  /** The visitor's message: its own words weigh most, and it keys the choice of wording. */
  message: string;
  /** The search results for the (resolved) question. */
  results: readonly SearchResult[];
  knowledge: BotKnowledge;
  tone: ToneWords;
  /** Where to write when the document has no answer. */
  email: string;
  /** Names the source when a passage has neither heading nor page. */
  documentName: string;
  /** Replaces the tone's opener (e.g. 'Hi! ' when the visitor greeted). */
  opener?: string;
}

export interface Composed {
  kind: 'answer' | 'declined';
  reply: string;
  /** The passages the answer quotes, best first. */
  used: SearchResult[];
}

export function decline(input: Pick<ComposeInput, 'message' | 'tone' | 'email' | 'opener'>): Composed {
  const text = pick(input.tone.decline, input.message)(input.email);
  return { kind: 'declined', reply: `${input.opener ?? ''}${text}`, used: [] };
}

export function compose(input: ComposeInput): Composed {
  const { results, knowledge } = input;
  if (!hasConfidentMatch(results)) return decline(input);
  const best = results[0]!;
  const usable = results
    .slice(0, RANK_FACTOR.length)
    .filter((r) => r === best || (hasConfidentMatch([r]) && r.score >= best.score * SECOND_PASSAGE_SHARE));

  const own = new Set(indexTerms(input.message));
  const passageCount = Math.max(1, knowledge.index.passages.length);
  // Squared IDF: a word found in a third of the document ('clinic') says little about which sentence answers.
  const weights = new Map<string, number>();
  const weightOf = (term: string): number => {
    let weight = weights.get(term);
    if (weight === undefined) {
      const df = knowledge.documentFrequency.get(term) ?? 1;
      weight = Math.log(1 + passageCount / df) ** 2;
      weights.set(term, weight);
    }
    return weight;
  };

  // Each word of the visitor's, and the synonyms that can stand for it ('visit' for 'appointment').
  const ownAlternatives = [...own].map((term) => ({
    term,
    alternatives: [{ term, factor: 1 }, ...synonymsOf(term).filter((s) => s.factor >= SYNONYM_COVERS)],
  }));

  const units: Unit[] = [];
  usable.forEach((result, rank) => {
    const matched = new Set(result.matchedTerms);
    for (const unit of unitsOf(result.passage, rank)) {
      const standsIn = new Set<string>();
      for (const { term, alternatives } of ownAlternatives) {
        let factor = 0;
        for (const alt of alternatives) {
          if (!unit.terms.has(alt.term)) continue;
          factor = Math.max(factor, alt.factor);
          standsIn.add(alt.term);
        }
        if (factor > 0) unit.own.set(term, factor * weightOf(term));
      }
      for (const term of unit.terms) {
        if (matched.has(term) && !standsIn.has(term))
          unit.borrowed.set(term, BORROWED_FACTOR * weightOf(term));
      }
      unit.score = gainOf(unit, NOTHING_COVERED) * (RANK_FACTOR[rank] ?? 0.5);
      units.push(unit);
    }
  });

  const chosen = asksForWholeSection(usable[0]!.passage, own)
    ? units.filter((u) => u.rank === 0)
    : selectUnits(units);
  const { text: body, list } = render(chosen, input.tone, input.message);
  const usedRanks = [...new Set(chosen.map((u) => u.rank))].sort((a, b) => a - b);
  const used = usedRanks.map((rank) => usable[rank]!);
  const source = sourceLine(
    used.map((r) => r.passage),
    input.documentName,
  );
  // A list has its own introduction.
  const opener = input.opener ?? (list ? '' : pick(input.tone.openers, input.message));
  const closer = pick(input.tone.closers, `${input.message}:closer`);
  const parts = [`${opener}${body}`.trim(), closer, source].filter(Boolean);
  return { kind: 'answer', reply: parts.join('\n\n'), used };
}

/**
 * "What are your hours?" asks for the section as a whole: its one or two words are the heading's own. A short
 * section is then given whole, rather than the one line that happens to say 'closed'.
 */
function asksForWholeSection(passage: Passage, own: ReadonlySet<string>): boolean {
  if (own.size === 0 || own.size > 2 || !passage.heading) return false;
  const heading = new Set(indexTerms(passage.heading.split(HEADING_SEPARATOR).at(-1) ?? ''));
  return [...own].every((term) => heading.has(term)) && baseUnitsOf(passage).length <= WHOLE_SECTION_UNITS;
}

/**
 * What a unit adds for the question words not yet covered: each of the visitor's own words, plus the best of
 * the words the search added (synonyms of one word should not outweigh the word itself) and a little of the rest.
 */
function gainOf(unit: Unit, covered: ReadonlySet<string>): number {
  let own = 0;
  for (const [term, w] of unit.own) if (!covered.has(term)) own += w;
  let top = 0;
  let sum = 0;
  for (const [term, w] of unit.borrowed) {
    if (covered.has(term)) continue;
    sum += w;
    if (w > top) top = w;
  }
  return own + top + BORROWED_REST_SHARE * (sum - top);
}

function addsOwnWords(unit: Unit, covered: ReadonlySet<string>): boolean {
  for (const term of unit.own.keys()) if (!covered.has(term)) return true;
  return false;
}

const NOTHING_COVERED: ReadonlySet<string> = new Set();

function selectUnits(units: Unit[]): Unit[] {
  if (units.length === 0) return [];
  let top = units[0]!;
  for (const unit of units) if (unit.score > top.score) top = unit;
  // Nothing in the text carries the question's words (the heading matched): the passage's opening says most.
  if (top.score === 0) return units.filter((u) => u.rank === 0).slice(0, 2);

  const chosen = new Set<Unit>();
  const covered = new Set<string>();
  const limit = top.listItem ? MAX_LIST_ITEMS : MAX_UNITS;
  const add = (unit: Unit) => {
    chosen.add(unit);
    for (const term of [...unit.own.keys(), ...unit.borrowed.keys()]) covered.add(term);
    // "They never expire." needs the sentence it leans on.
    if (ANAPHOR.test(unit.text) && !unit.listItem && chosen.size < limit) {
      const before = units.find((u) => u.rank === unit.rank && u.position === unit.position - 1);
      if (before && !chosen.has(before)) chosen.add(before);
    }
  };
  add(top);
  while (chosen.size < limit) {
    let bestGain = 0;
    let next: Unit | null = null;
    for (const unit of units) {
      if (chosen.has(unit) || unit.score === 0) continue;
      const gain = gainOf(unit, covered) * (RANK_FACTOR[unit.rank] ?? 0.5);
      const addsOwn = addsOwnWords(unit, covered);
      const samePassage = unit.rank === top.rank;
      // Items of the answer's own list ("What payment methods…") all answer; other sentences must add much.
      const sameList = top.listItem && unit.listItem && samePassage && unit.score >= top.score * 0.5;
      const needed = samePassage
        ? addsOwn
          ? EXTRA_SHARE.ownWords
          : EXTRA_SHARE.addedWords
        : addsOwn
          ? EXTRA_SHARE.otherPassage
          : Infinity;
      if (!sameList && gain < top.score * needed) continue;
      const value = sameList ? unit.score : gain;
      if (value > bestGain) [bestGain, next] = [value, unit];
    }
    if (!next) break;
    add(next);
  }
  return [...chosen].sort((a, b) => a.rank - b.rank || a.position - b.position);
}

function render(units: Unit[], tone: ToneWords, key: string): { text: string; list: boolean } {
  if (units.length >= 2 && units.every((u) => u.listItem)) {
    const lead = units[0]!.lead;
    const intro = lead && units.every((u) => u.lead === lead) ? lead : pick(tone.listIntro, key);
    return { text: `${intro}\n\n${units.map((u) => `- ${u.text}`).join('\n')}`, list: true };
  }
  const text = units.map((u) => u.text).join(' ');
  const lead = units[0]?.lead;
  return { text: lead && units.length === 1 ? `${lead} ${text}` : text, list: false };
}
