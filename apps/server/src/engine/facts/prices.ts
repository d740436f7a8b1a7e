import { plain } from './lines.js';
import { MONEY, unitAfter, unitIn } from './money.js';
import type { PriceFact } from './types.js';

/** Words between an item and its price ('Dinner at £120', 'A lesson costs £38', 'Women starting at $45'). */
const CONNECTORS = new Set(
  'at costs cost is are was of for from starting starts priced price prices rate -'.split(' '),
);
/** Connectors that say the price is the lowest ('from $45', 'starting at $45'). */
const FROM_WORDS = new Set(['from', 'starting', 'starts']);
/** Words that end a noun phrase read backwards from a price in a sentence. */
const PHRASE_STOP = new Set(
  'a an the our your their my we you they it this that these those is are was were be of for to and or with in on by per ask asks request requests require requires pay take takes will can may all any each every also'.split(
    ' ',
  ),
);
/** A line that speaks to someone is a sentence, however short ('When you refer a friend, you both receive $20'). */
const PRONOUN = /\b(?:you|we|i|they|he|she)\b/i;
/** Words that end the phrase after '£38 for …' ('for a block of four lessons, or more'). */
const FOR_STOP = new Set('or and but if when which with per each to for is are was will'.split(' '));
/** Nouns that name what a price in a sentence pays for when they follow it ('Your £50 deposit'). */
const FEE_NOUN = /^\s?([a-z]+ )?(deposit|fee|charge|supplement|surcharge|refund|voucher)s?\b/i;
/** A short line that lists a price rather than a sentence that mentions one. */
const LIST_LINE_MAX_CHARS = 80;
const ITEM_MAX_WORDS = 8;
const PHRASE_MAX_WORDS = 5;
/** Characters of a line read around each price: the work stays linear however many prices a line holds. */
const WINDOW_BEFORE = 120;
const WINDOW_AFTER = 60;

/** MONEY without its global flag, to test or read one amount without a shared position. */
const ONE_AMOUNT = new RegExp(MONEY.source, 'u');

const TABLE_RULE = /^\|?(?:\s*:?-+:?\s*\|)+\s*(?::?-+:?)?\s*$/;

interface Table {
  headers: string[];
}

export function findPrices(lines: string[], max: number): PriceFact[] {
  const prices = new Map<string, PriceFact>();
  let section: string | undefined;
  let table: Table | null = null;
  for (const raw of lines) {
    const line = plain(raw);
    // A table's rule line ('| --- | --- |') keeps the table and its headers, and is no title.
    if (TABLE_RULE.test(line)) continue;
    const cells = tableCells(line);
    if (!ONE_AMOUNT.test(line)) {
      table = cells ? { headers: cells } : null;
      if (!cells && isTitle(raw, line)) section = line.replace(/[:?.]$/, '');
      continue;
    }
    const found = cells ? fromRow(cells, table) : fromLine(line, section);
    for (const fact of found) {
      const entry = section && fact.item !== section ? { ...fact, section } : fact;
      const key = `${entry.item}|${entry.price}|${entry.unit ?? ''}`.toLowerCase();
      if (!prices.has(key)) prices.set(key, entry);
      if (prices.size >= max) return [...prices.values()];
    }
  }
  return [...prices.values()];
}

function isTitle(raw: string, line: string): boolean {
  if (raw.startsWith('#')) return line.length <= 80;
  return !!line && line.split(/\s+/).length <= 6 && !/[.!,;]$/.test(line) && !/\.\s/.test(line);
}

function tableCells(line: string): string[] | null {
  if (!line.includes('|')) return null;
  const cells = line
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((c) => c.trim());
  return cells.length >= 2 && !cells.every((c) => /^:?-*:?$/.test(c)) ? cells : null;
}

function fromRow(cells: string[], table: Table | null): PriceFact[] {
  const at = cells.findIndex((c) => ONE_AMOUNT.test(c));
  const item = cells.find((c, i) => i !== at && /\p{L}/u.test(c) && !ONE_AMOUNT.test(c));
  if (at < 0 || !item) return [];
  const cell = cells[at]!;
  const money = ONE_AMOUNT.exec(cell)!;
  const after = cell.slice(money.index + money[0].length, money.index + money[0].length + WINDOW_AFTER);
  const header = table?.headers[at];
  const unit = unitAfter(after)?.unit ?? (header ? unitIn(header) : null);
  const from = /\b(?:from|starting)\b/i.test(cell.slice(0, money.index));
  return [fact(item, money[0], from, unit ?? undefined)];
}

function fromLine(line: string, section: string | undefined): PriceFact[] {
  const facts: PriceFact[] = [];
  const listLine = line.length <= LIST_LINE_MAX_CHARS && !/[.!?](?:\s|$)/.test(line) && !PRONOUN.test(line);
  let clauseStart = 0;
  for (const money of line.matchAll(MONEY)) {
    const start = money.index;
    const end = start + money[0].length;
    const before = line.slice(Math.max(clauseStart, start - WINDOW_BEFORE), start);
    const after = line.slice(end, end + WINDOW_AFTER);
    clauseStart = end;
    const unit = unitAfter(after);
    const rest = after.slice(unit?.length ?? 0);
    const { words, connector, from } = itemBefore(before, listLine);
    let item: string | null = null;
    if (listLine && words.length && words.length <= ITEM_MAX_WORDS) item = words.join(' ');
    else if (connector) item = phraseBefore(words);
    item ??= FEE_NOUN.exec(rest)?.[0].trim() ?? forPhrase(rest);
    if (!item && listLine && !words.length && section) item = section;
    if (item) facts.push(fact(item, money[0], from, unit?.unit));
  }
  return facts;
}

/** The words before a price, without the connector ('Single lesson:', 'Women starting at') and the clause. */
function itemBefore(text: string, listLine: boolean): { words: string[]; connector: boolean; from: boolean } {
  // A list line's item may hold commas ('Cut, wash and blow-dry £50'); in a sentence a comma ends the clause.
  const clause = text.split(listLine ? /[.;!?(]\s/ : /[.;!?(,–—]\s/).pop() ?? '';
  const words = clause.split(/\s+/).filter(Boolean);
  let connector = false;
  let from = false;
  while (words.length) {
    const word = words[words.length - 1]!.toLowerCase().replace(/[:,]$/, '');
    if (!CONNECTORS.has(word) && !/^[:=–—-]$/.test(word)) break;
    connector = true;
    from ||= FROM_WORDS.has(word);
    words.pop();
  }
  const last = words[words.length - 1];
  if (last?.endsWith(':')) {
    words[words.length - 1] = last.slice(0, -1);
    connector = true;
  }
  return { words, connector, from };
}

/** Up to five words read backwards to a stop word: 'We ask for a non-refundable deposit of' → 'non-refundable deposit'. */
function phraseBefore(words: string[]): string | null {
  const phrase: string[] = [];
  for (let i = words.length - 1; i >= 0 && phrase.length < PHRASE_MAX_WORDS; i--) {
    const word = words[i]!;
    if (PHRASE_STOP.has(word.toLowerCase()) || /[,;:]$/.test(word)) break;
    phrase.unshift(word);
  }
  return phrase.length ? phrase.join(' ') : null;
}

/** '£38 for a single lesson' → 'single lesson'. */
function forPhrase(rest: string): string | null {
  const match = /^\s?for (?:an? |the |one |each )?([\p{L}\d' -]{2,40})/u.exec(rest);
  const words = match?.[1]?.split(/\s+/).filter(Boolean).slice(0, PHRASE_MAX_WORDS) ?? [];
  const cut = words.findIndex((w) => FOR_STOP.has(w.toLowerCase()));
  const phrase = (cut >= 0 ? words.slice(0, cut) : words).join(' ');
  return phrase || null;
}

function fact(rawItem: string, price: string, from: boolean, unit: string | undefined): PriceFact {
  const item = rawItem
    .replace(/^(?:a|an|the|our|one|each)\s+/i, '')
    .replace(/[\s:,–—-]+$/, '')
    .trim();
  const printed = price.replace(/\s+/g, ' ');
  const fact: PriceFact = { item, price: from ? `from ${printed}` : printed };
  return unit ? { ...fact, unit } : fact;
}
