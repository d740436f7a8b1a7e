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
/** A paragraph ending mid-sentence ('You may obtain a copy at' + an address set apart below): one sentence. */
const DANGLING_BREAK = /(\b(?:at|to|from|via|visit|see|on|is|are)) *\n\s*\n\s*(?=\S)/gi;

/** A line under a lead-in that is an item without a bullet ('Visa and Mastercard'), not a wrapped sentence. */
const BARE_ITEM_WORDS = 8;
const isBareItem = (line: string) =>
  /^["'(]?[\p{Lu}\d]/u.test(line) && !/[.!?,;]$/.test(line) && line.split(/\s+/).length <= BARE_ITEM_WORDS;

/** What `make` gives for a passage, made once per loaded passage (passages live as long as their bot's index). */
export function perPassage<T>(make: (passage: Passage) => T): (passage: Passage) => T {
  const made = new WeakMap<Passage, T>();
  return (passage) => {
    if (made.has(passage)) return made.get(passage) as T;
    const value = make(passage);
    made.set(passage, value);
    return value;
  };
}

/** A passage's sentences and list lines with their terms. */
export const unitsOf = perPassage((passage): Unit[] => {
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
  for (const block of passage.text.replace(DANGLING_BREAK, '$1 ').split(/\n\s*\n/)) {
    const lines = block
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    const first = lines[0] ?? '';
    const lead = lines.length > 2 && first.endsWith(':') && !BULLET.test(first) ? first : undefined;
    const items = lead ? lines.slice(1) : lines;
    const listLike =
      items.length >= 2 &&
      (items.filter((l) => BULLET.test(l) || KEY_VALUE.test(l)).length >= Math.ceil(items.length / 2) ||
        (lead !== undefined && items.every(isBareItem)));
    if (listLike) for (const line of items) push(line.replace(BULLET, ''), true, lead);
    else for (const sentence of splitSentences(lines.join(' '))) push(sentence, false);
    paragraph++;
  }
  return units;
});

/** The index terms of the passage's heading path. */
export const headingTerms = perPassage((passage) => new Set(indexTerms(passage.heading ?? '')));

/** The index terms of the passage's own heading (the last of its heading path). */
export const titleTerms = perPassage(
  (passage) => new Set(indexTerms(passage.heading?.split(HEADING_SEPARATOR).at(-1) ?? '')),
);
