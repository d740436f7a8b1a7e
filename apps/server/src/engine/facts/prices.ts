import { isStopWord } from '../retrieval/text-analysis.js';
import { plain } from './lines.js';
import { MONEY, unitAfter, unitIn } from './money.js';
import { gridGoesOn, gridPrices, type Grid, type GridPrice } from './price-grids.js';
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
const FEE_NOUN = /^\s?([a-z]+(?:-[a-z]+)? )?(deposit|fee|charge|supplement|surcharge|refund|voucher)s?\b/i;
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
  // The last markdown heading, and the last title line under it: '### Flexible desk' then 'Freedom without
  // obligation', or '### Standard Fees' then 'For Children Under 2 years old' — both say what the prices are for.
  let heading: string | undefined;
  let title: string | undefined;
  let table: Table | null = null;
  let grid: Grid | null = null;
  const bareList = hasBarePriceList(lines);
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    const line = plain(raw);
    // A table's rule line ('| --- | --- |') keeps the table and its headers, and is no title; a blank line ends it.
    if ((!line && !gridGoesOn(lines, i)) || raw.startsWith('#')) grid = null;
    if (!line) table = null;
    if (!line || TABLE_RULE.test(line)) continue;
    const cells = tableCells(line);
    const bare = bareList ? BARE_PRICE_LINE.exec(line) : null;
    if (bare) {
      const section = heading && title ? `${heading} — ${title}` : (title ?? heading);
      const entry = fact(bare[1]!, bare[2]!, false, undefined);
      const key = `${entry.item}|${entry.price}|`.toLowerCase();
      if (!prices.has(key)) prices.set(key, section ? { ...entry, section } : entry);
      if (prices.size >= max) return [...prices.values()];
      continue;
    }
    if (!ONE_AMOUNT.test(line)) {
      table = cells ? { headers: cells } : null;
      if (cells) continue;
      if (raw.startsWith('#')) {
        heading = line.length <= TITLE_MAX_CHARS ? trimTitle(line) : undefined;
        title = undefined;
      } else if (isTitle(raw, line) || leadsList(line, lines, i)) title = trimTitle(line);
      continue;
    }
    const section = heading && title ? `${heading} — ${title}` : (title ?? heading);
    const row = gridPrices(lines, i, grid);
    if (row) grid = row.grid;
    const found = row ? row.prices.map(fromGrid) : cells ? fromRow(cells, table) : fromLine(line, section);
    // A grid's header names its columns, not what its prices are for: the heading above it does.
    const named = row ? heading : section;
    for (const fact of found) {
      const entry = named && fact.item !== named ? { ...fact, section: named } : fact;
      const key = `${entry.item}|${entry.price}|${entry.unit ?? ''}`.toLowerCase();
      if (!prices.has(key)) prices.set(key, entry);
      if (prices.size >= max) return [...prices.values()];
    }
  }
  return [...prices.values()];
}

/**
 * A list line ending in an amount printed without its currency ('Batesville Mahogany 6905.00'): a name that starts
 * with a capital, and two decimals. Read as a price only in a document that says it lists prices and prints several.
 */
const BARE_PRICE_LINE =
  /^(\p{Lu}[^$£€¥|]{1,70}?\p{L}[^$£€¥|]{0,8}?)\s+((?:\d{1,3}(?:,\d{3})+|\d{1,6})\.\d{2})$/u;
const BARE_LIST_MIN_LINES = 4;
const SAYS_PRICES = /\b(?:prices?|price list|fees|costs?|rates)\b/i;

function hasBarePriceList(lines: readonly string[]): boolean {
  if (!lines.some((line) => SAYS_PRICES.test(line))) return false;
  let count = 0;
  for (const line of lines) {
    const text = plain(line);
    if (text.length <= LIST_LINE_MAX_CHARS && BARE_PRICE_LINE.test(text) && ++count >= BARE_LIST_MIN_LINES)
      return true;
  }
  return false;
}

/** A line that starts a list item ('- Be resident in the UK', '2. Pay the fee'): an item is never a title. */
const LIST_ITEM = /^(?:[-•·*]|\d{1,3}[.)])\s/;
/** A lead-in to a list is a short phrase or sentence ('What you need to apply for a Provisional Licence.'). */
const LEAD_IN_MAX_WORDS = 12;
const TITLE_MAX_CHARS = 80;
const TITLE_MAX_WORDS = 6;

/** A title names something ('Or' between two prices does not) in a few words, and ends no sentence. */
function isTitle(raw: string, line: string): boolean {
  if (LIST_ITEM.test(raw)) return false;
  const words = line.split(/\s+/);
  const names = words.some((w) => /\p{L}{2}/u.test(w) && !isStopWord(w.toLowerCase()));
  return names && words.length <= TITLE_MAX_WORDS && !/[.!,;]$/.test(line) && !/\.\s/.test(line);
}

const trimTitle = (line: string) => line.replace(/[:?.]$/, '');

/** A short line ending in ':' or '.' whose next line with text is a list item: the list's prices are for it. */
function leadsList(line: string, lines: readonly string[], at: number): boolean {
  // It starts its block: a wrapped list item's last line ('birthday to start learning.') leads nothing.
  if (lines[at - 1]?.trim()) return false;
  if (!/[:.]$/.test(line) || line.split(/\s+/).length > LEAD_IN_MAX_WORDS || /[.!?]\s/.test(line))
    return false;
  const next = lines.slice(at + 1, at + 3).find((l) => l.trim() !== '');
  return next !== undefined && LIST_ITEM.test(next);
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

/** A grid's price named by its row and its column: 'Basic Valet (Large)'. */
function fromGrid(price: GridPrice): PriceFact {
  const unit = unitAfter(price.after)?.unit ?? unitIn(price.column);
  return fact(`${price.labels.join(', ')} (${price.column})`, price.amount, false, unit ?? undefined);
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
    const first = clauseStart === 0;
    clauseStart = end;
    const unit = unitAfter(after);
    const rest = after.slice(unit?.length ?? 0);
    const { words, connector, from } = itemBefore(before, listLine);
    const saving = SAVING.test(words.at(-1) ?? '');
    if (saving) words.splice(words.length - (words.at(-2)?.toLowerCase() === 'and' ? 2 : 1));
    let item: string | null = null;
    // A line that opens with the item's name and its price, then describes it ('GCSE one to one - £75 per session
    // GCSE and IGCSE, …'): the whole name, not the words after a stop word in it.
    const named = first ? NAME_THEN_PRICE.exec(line.slice(0, start)) : null;
    if (listLine && words.length && words.length <= ITEM_MAX_WORDS) item = words.join(' ');
    else if (named && named[1]!.split(/\s+/).length <= ITEM_MAX_WORDS) item = named[1]!;
    else if (connector) item = phraseBefore(words);
    item ??= FEE_NOUN.exec(rest)?.[0].trim() ?? forPhrase(rest);
    // A list line that starts with its price names the item after it ('£360 Buy 10 hours tuition and save £20').
    if (!item && listLine && !words.length) item = itemAfter(rest) ?? section ?? null;
    if (item && saving) item = `${item} (saving)`;
    if (item) facts.push(fact(item, money[0], from, unit?.unit));
  }
  return facts;
}

/** A line's opening name before a dash or colon and its price: 'GCSE one to one - ', 'Deep clean: '. */
const NAME_THEN_PRICE = /^(\p{Lu}[^.!?:;,–—-]{1,60}?)\s?[:–—-]\s?$/u;

/** The word before an amount that makes it a saving, not a price ('and save £20'). */
const SAVING = /^(?:save|saves|saving|savings)$/i;

/** The words after a price, up to the next amount, without a trailing 'and save'. */
function itemAfter(rest: string): string | null {
  const text = rest
    .split(ONE_AMOUNT)[0]!
    .replace(/\([^)]*\)?/g, ' ')
    .replace(/^[\s:–—-]+/, '');
  const words = text.split(/\s+/).filter(Boolean);
  while (words.length && (SAVING.test(words.at(-1)!) || isStopWord(words.at(-1)!.toLowerCase()))) words.pop();
  return words.length && words.length <= ITEM_MAX_WORDS && /\p{L}{2}/u.test(words.join(' '))
    ? words.join(' ')
    : null;
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
  // An aside in brackets ('session (8.45am to 1.30 pm) is $31.50') is not what the price is for.
  let depth = 0;
  for (let i = words.length - 1; i >= 0 && phrase.length < PHRASE_MAX_WORDS; i--) {
    const word = words[i]!;
    if (word.endsWith(')')) depth++;
    if (depth > 0) {
      if (word.startsWith('(')) depth--;
      continue;
    }
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
