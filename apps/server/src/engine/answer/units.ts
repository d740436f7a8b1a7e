/** A passage cut into what an answer quotes: its sentences and list lines, each with its index terms. */
import { HEADING_SEPARATOR, splitSentences } from '../passages/index.js';
import type { Passage } from '../passages/index.js';
import { indexTerms } from '../retrieval/index.js';
import { truncate } from './markdown-safety.js';

/** A sentence, or a line of a list, of a passage. */
export interface Unit {
  text: string;
  terms: Set<string>;
  listItem: boolean;
  /** A list's lead-in line ('We accept:'), which introduces its items. */
  lead?: string;
  /** Which paragraph of its passage it belongs to. */
  paragraph: number;
  words: number;
}

const MAX_UNIT_CHARS = 450;
const BULLET = /^\s*(?:[-*•‣◦▪+]|\d{1,2}[.)]|[a-z][.)])\s+/i;
const KEY_VALUE = /^[^:.!?]{1,30}:\s+\S/;

/** A passage's sentences and list lines with their terms; made once per loaded passage. */
const unitCache = new WeakMap<Passage, Unit[]>();

export function unitsOf(passage: Passage): Unit[] {
  const cached = unitCache.get(passage);
  if (cached) return cached;
  const units: Unit[] = [];
  let paragraph = 0;
  const push = (text: string, listItem: boolean, lead?: string) => {
    const clean = text.replace(/\s+/g, ' ').trim();
    if (!clean) return;
    const terms = new Set(indexTerms(lead ? `${lead} ${clean}` : clean));
    units.push({
      text: truncate(clean, MAX_UNIT_CHARS),
      terms,
      listItem,
      paragraph,
      words: clean.split(' ').length,
      ...(lead ? { lead } : {}),
    });
  };
  // A title block's facts ('Version 1.0.8 of 13 July 2019') live in a heading: such a heading can be quoted too.
  const title = passage.heading?.split(HEADING_SEPARATOR).at(-1) ?? '';
  if (/\d/.test(title) && !title.endsWith('?')) {
    push(title, false);
    paragraph++;
  }
  for (const block of passage.text.split(/\n\s*\n/)) {
    const lines = block
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
    paragraph++;
  }
  unitCache.set(passage, units);
  return units;
}

const headingTermsCache = new WeakMap<Passage, Set<string>>();
export function headingTerms(passage: Passage): Set<string> {
  let found = headingTermsCache.get(passage);
  if (!found) {
    found = new Set(indexTerms(passage.heading ?? ''));
    headingTermsCache.set(passage, found);
  }
  return found;
}

const titleTermsCache = new WeakMap<Passage, Set<string>>();
/** The index terms of the passage's own heading (the last of its heading path). */
export function titleTerms(passage: Passage): Set<string> {
  let found = titleTermsCache.get(passage);
  if (!found) {
    found = new Set(indexTerms(passage.heading?.split(HEADING_SEPARATOR).at(-1) ?? ''));
    titleTermsCache.set(passage, found);
  }
  return found;
}
