import type { Passage } from '../passages/index.js';
import type { SearchResult } from '../retrieval/index.js';
import { holdsAnswerType, type AnswerType } from './answer-types.js';
import { pick, type ToneWords } from './tone.js';
import { titleTerms, unitsOf, type Unit } from './units.js';

/**
 * The shape of an extractive answer (compose.ts): which sentences around the best one it gives, and how they are
 * written. A candidate is a sentence (or list line) of a found passage, as the composer scored it.
 */
export interface Candidate {
  unit: Unit;
  /** Rank of its passage among the results (0 = best). */
  rank: number;
  position: number;
  score: number;
  /** The 0..1 share of the question's concepts in the unit itself (no context). */
  match: number;
  coverage: number;
  /** Coverage by the unit and its heading alone: a fact of the kind asked for must sit beside the question's words. */
  ownCoverage: number;
  typed: boolean;
  /** Its sentence's share of the question's words in its heading, and its FAQ question's match of the question. */
  headed: number;
  faq: number;
}

export const MAX_SENTENCES = 3;
const MAX_LIST_ITEMS = 6;
/** A section asked for as a whole is given whole up to this many sentences or lines. */
const WHOLE_SECTION_UNITS = 6;
/** The sentence after the best one joins it while the two stay this short: it often completes the answer. */
const REPLY_WORDS = 60;
/** A sentence this short just before the best one is its lead-in and joins the answer. */
const LEAD_IN_WORDS = 12;
/** A sentence starting with these leans on the one before it ("They never expire."). */
const ANAPHOR =
  /^(?:they|it|its|this|these|those|that|such|he|she|there|their|both|each|the fee|the same|however|otherwise|in that case|if so)\b/i;

/**
 * The answer around the best sentence: a lead-in's items, the sentence an anaphor leans on, the rest of a list
 * whose items all answer, a short section asked for by its name, or the next sentence when it holds the kind of
 * fact asked for.
 */
export function expand(
  best: Candidate,
  candidates: Candidate[],
  results: readonly SearchResult[],
  type: AnswerType | null,
  questionWords: ReadonlySet<string>,
  queryTerms: ReadonlySet<string>,
): Candidate[] {
  const passage = results[best.rank]!.passage;
  const units = unitsOf(passage);
  const at = (position: number): Candidate | undefined =>
    candidates.find((c) => c.rank === best.rank && c.position === position);
  const chosen = new Map<number, Candidate>([[best.position, best]]);
  const add = (c: Candidate | undefined) => c && chosen.set(c.position, c);

  if (asksForWholeSection(passage, queryTerms)) {
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
    const previous = at(best.position - 1);
    const sameParagraph = previous?.unit.paragraph === best.unit.paragraph && !previous.unit.listItem;
    // A sentence leaning on the one before, or a short one just before ('-k --keep: Keep input files.').
    if (ANAPHOR.test(best.unit.text)) add(previous);
    else if (previous && sameParagraph && previous.unit.words <= LEAD_IN_WORDS) add(previous);
    const next = at(best.position + 1);
    if (next && chosen.size < MAX_SENTENCES) {
      // 'No.' or 'Yes, with one exception:' says little alone.
      const leansBack = ANAPHOR.test(next.unit.text) || best.unit.words <= 6;
      const typedNext = type !== null && !best.typed && holdsAnswerType(type, next.unit.text, questionWords);
      const short = best.unit.words + next.unit.words <= REPLY_WORDS;
      if (leansBack || typedNext || short || next.score >= best.score * 0.8) add(next);
    }
  }
  return [...chosen.values()].sort((a, b) => a.position - b.position);
}

/**
 * "What are your hours?" asks for the section as a whole: its one or two words are the heading's own. A short
 * section is then given whole, rather than the one line that happens to say 'closed'.
 */
function asksForWholeSection(passage: Passage, own: ReadonlySet<string>): boolean {
  if (own.size === 0 || own.size > 2 || !passage.heading) return false;
  const title = titleTerms(passage);
  return [...own].every((term) => title.has(term)) && unitsOf(passage).length <= WHOLE_SECTION_UNITS;
}

export function render(chosen: Candidate[], tone: ToneWords, key: string): string {
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
