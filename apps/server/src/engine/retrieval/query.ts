import type { EngineRules } from '../rules.js';
import type { Match } from './fuzzy.js';
import { INTENTS, intentTerms, synonymsOf } from './synonyms.js';
import { fold, isPhrasalNoun, isWeakTerm, termGroups } from './text-analysis.js';

/**
 * The most words of one question read by meaning: each reads through the document's vocabulary (up to 100,000
 * vectors, about 10 ms), so a question of absent words costs bounded time.
 */
export const MEANING_LOOKUPS_MAX = 3;

/** 'check' alone, for a question about a 'check-out', counts this much of it. */
const PHRASAL_PART_SHARE = 0.5;

/** Synonyms of a typo's correction count this much less. */
const CORRECTED_SYNONYM_SHARE = 0.8;

/** One thing the visitor asked about, and the index terms that can stand for it. */
export interface Concept {
  /** The visitor's (stemmed) word, or the intent's head term. */
  term: string;
  /** Index terms with their weight (1 for the word itself); only terms present in the index. */
  alternatives: Match[];
  /** Whether the concept counts toward coverage (confidence); 'how long' only helps ranking. */
  counted: boolean;
}

/** What the query side needs from an index. */
export interface Lexicon {
  has(term: string): boolean;
  similar(term: string): Match[];
  /** The document's terms closest in meaning to one it does not use. */
  nearInMeaning?(term: string): Match[];
}

function addAll(target: Map<string, number>, matches: Match[]): void {
  for (const { term, factor } of matches) target.set(term, Math.max(target.get(term) ?? 0, factor));
}

function concept(term: string, others: Match[], counted: boolean, lexicon: Lexicon): Concept {
  const found = new Map<string, number>();
  addAll(found, [{ term, factor: 1 }, ...others]);
  const alternatives = [...found].filter(([t]) => lexicon.has(t)).map(([t, factor]) => ({ term: t, factor }));
  return { term, alternatives, counted };
}

/** Times without am/pm ('9:00') match either; '9am' was already normalised to '9:00am'. */
function timeVariants(term: string): Match[] {
  return /^\d{1,2}:\d{2}$/.test(term)
    ? [
        { term: `${term}am`, factor: 1 },
        { term: `${term}pm`, factor: 1 },
      ]
    : [];
}

/** Turns a question into concepts: its content words (with synonyms, typo fixes, completions) and intents. */
export function parseQuery(query: string, lexicon: Lexicon, rules: EngineRules): Concept[] {
  const concepts: Concept[] = [];
  const seen = new Set<string>();
  let meaningLookups = 0;
  let rest = fold(query);
  for (const intent of rules.on('intents') ? INTENTS : []) {
    const without = rest.replace(intent.pattern, ' ');
    if (without === rest) continue;
    rest = without;
    const { head, others } = intentTerms(intent.group);
    seen.add(head);
    concepts.push(concept(head, others, intent.counted, lexicon));
  }
  for (const group of termGroups(rest)) {
    // 'password-protect': each part is a concept of its own, and the joined form stands in for any of them.
    let joined = group.length > 1 ? group.at(-1) : undefined;
    let terms = joined ? group.slice(0, -1) : group;
    // 'check-out', 'sign-up': the verb's noun is the joined word ('checkout' is not 'checkin'); the verb alone counts
    // for less.
    const single = joined && terms.length === 1 && isPhrasalNoun(joined) ? { joined, part: terms[0]! } : null;
    if (single) [terms, joined] = [[single.joined], undefined];
    for (const term of terms) {
      if (seen.has(term)) {
        // 'Where are you located?': the word itself counts even where its intent only ranks.
        const same = concepts.find((c) => c.term === term);
        if (same && !isWeakTerm(term)) same.counted = true;
        continue;
      }
      seen.add(term);
      const others: Match[] = [...timeVariants(term)];
      if (joined) others.push({ term: joined, factor: 1 });
      if (single) others.push({ term: single.part, factor: PHRASAL_PART_SHARE });
      const known = lexicon.has(term);
      const corrections = known || !rules.on('typo-fixes') ? [] : lexicon.similar(term);
      others.push(...corrections);
      const widened = rules.on('synonyms')
        ? [term, ...corrections.filter((c) => c.factor >= 0.7).map((c) => c.term)]
        : [];
      for (const base of widened) {
        const share = base === term ? 1 : CORRECTED_SYNONYM_SHARE;
        others.push(...synonymsOf(base).map((s) => ({ term: s.term, factor: s.factor * share })));
      }
      let found = concept(term, others, !isWeakTerm(term), lexicon);
      // Nothing the document says stands for the word: the words closest to it in meaning may (decision 093).
      const byMeaning = found.alternatives.length === 0 && !/\d/.test(term) && rules.on('meaning');
      if (byMeaning && lexicon.nearInMeaning && meaningLookups++ < MEANING_LOOKUPS_MAX)
        found = concept(term, [...others, ...lexicon.nearInMeaning(term)], !isWeakTerm(term), lexicon);
      // A time or number the document never mentions ('open at 6am?') still asks about the topic around it.
      if (/^\d/.test(term) && !term.includes('.') && found.alternatives.length === 0) found.counted = false;
      concepts.push(found);
    }
  }
  return concepts;
}
