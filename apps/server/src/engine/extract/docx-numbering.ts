/**
 * The numbers Word prints before numbered paragraphs. mammoth's HTML says only that a paragraph is an item of an
 * ordered list, so the text would count each list from 1: a list that goes on after a paragraph restarts, one that
 * starts at 4 or prints '(a)' or '2.1' loses that, and a line a converter read as a list ('(718) 369-1167', the
 * area code taken for the number) loses its first part. Each numbered paragraph gets its number as printed, between
 * two marks that html-to-text reads as the item's label (LABEL_OPEN, LABEL_CLOSE).
 *
 * Read with indexOf scans and regular expressions on bounded slices: linear in the parts' size, however they nest.
 */

export const LABEL_OPEN = '\uFFF9';
export const LABEL_CLOSE = '\uFFFA';
const MARKS = /[\uFFF9-\uFFFB]/g;

interface Level {
  start: number;
  format: string;
  /** Word's level text: '%1.', '(%1)', '%1.%2.'. */
  text: string;
}
/** A list's levels by their depth (ilvl). */
type Levels = Map<number, Level>;

/** A level text longer than this is no list number: it is left to mammoth. */
const LEVEL_TEXT_MAX = 20;
const DEPTHS = 9;

/** Each tag's pattern, made once: the paragraphs of a long document read the same few tags. */
const patterns = new Map<string, RegExp>();
function cached(key: string, source: () => string): RegExp {
  let pattern = patterns.get(key);
  if (!pattern) patterns.set(key, (pattern = new RegExp(source())));
  return pattern;
}

const attribute = (slice: string, tag: string) =>
  cached(`val:${tag}`, () => `<w:${tag}\\b[^>]{0,200}?w:val="([^"]{0,${LEVEL_TEXT_MAX + 20}})"`).exec(
    slice,
  )?.[1];

/** Each `<w:tag …>…</w:tag>` element's attributes and inside, found by indexOf. */
function* elements(xml: string, tag: string): Generator<{ head: string; body: string }> {
  const open = `<w:${tag} `;
  const close = `</w:${tag}>`;
  for (let at = xml.indexOf(open); at >= 0; at = xml.indexOf(open, at + 1)) {
    const headEnd = xml.indexOf('>', at);
    const end = xml.indexOf(close, headEnd);
    if (headEnd < 0 || end < 0) return;
    yield { head: xml.slice(at, headEnd + 1), body: xml.slice(headEnd + 1, end) };
    at = end;
  }
}

const idOf = (head: string, name: string) =>
  cached(`id:${name}`, () => `w:${name}="(\\d{1,10})"`).exec(head)?.[1];

/** A list's first number: a whole number Word can print (up to 32767), else 1. */
function startOf(value: string | undefined): number {
  const start = Number(value ?? 1);
  return Number.isInteger(start) && start >= 0 && start <= 32767 ? start : 1;
}

function readLevels(body: string): Levels {
  const levels: Levels = new Map();
  for (const lvl of elements(body, 'lvl')) {
    const depth = Number(idOf(lvl.head, 'ilvl'));
    const format = attribute(lvl.body, 'numFmt') ?? 'decimal';
    const text = attribute(lvl.body, 'lvlText');
    if (!Number.isInteger(depth) || depth >= DEPTHS || text === undefined) continue;
    levels.set(depth, { start: startOf(attribute(lvl.body, 'start')), format, text });
  }
  return levels;
}

/** Each list (numId) with its levels: its abstract list's, with the starts it overrides. */
export function readNumbering(xml: string): Map<string, Levels> {
  const abstract = new Map<string, Levels>();
  for (const element of elements(xml, 'abstractNum')) {
    const id = idOf(element.head, 'abstractNumId');
    if (id !== undefined) abstract.set(id, readLevels(element.body));
  }
  const lists = new Map<string, Levels>();
  for (const element of elements(xml, 'num')) {
    const id = idOf(element.head, 'numId');
    const levels = abstract.get(attribute(element.body, 'abstractNumId') ?? '');
    if (id === undefined || !levels) continue;
    const own = new Map(levels);
    for (const override of elements(element.body, 'lvlOverride')) {
      const depth = Number(idOf(override.head, 'ilvl'));
      const start = attribute(override.body, 'startOverride');
      const level = own.get(depth);
      if (level && start !== undefined) own.set(depth, { ...level, start: startOf(start) });
    }
    lists.set(id, own);
  }
  return lists;
}

const ROMAN: [number, string][] = [
  [1000, 'm'],
  [900, 'cm'],
  [500, 'd'],
  [400, 'cd'],
  [100, 'c'],
  [90, 'xc'],
  [50, 'l'],
  [40, 'xl'],
  [10, 'x'],
  [9, 'ix'],
  [5, 'v'],
  [4, 'iv'],
  [1, 'i'],
];
function roman(n: number): string {
  let out = '';
  for (const [value, letters] of ROMAN) for (; n >= value && out.length < 20; n -= value) out += letters;
  return out;
}
/** Letters as Word repeats them (27 → aa) up to this many; past it, the number in digits. */
const MAX_LETTERS = 4;
/** 1 → a, 26 → z, 27 → aa, as Word letters lists. */
const letter = (n: number) =>
  n > 26 * MAX_LETTERS ? String(n) : String.fromCharCode(96 + (((n - 1) % 26) + 1)).repeat(Math.ceil(n / 26));

const FORMATS: Record<string, (n: number) => string> = {
  decimal: String,
  decimalZero: (n) => String(n).padStart(2, '0'),
  lowerLetter: letter,
  upperLetter: (n) => letter(n).toUpperCase(),
  lowerRoman: roman,
  upperRoman: (n) => roman(n).toUpperCase(),
};

/**
 * document.xml with each numbered paragraph's number written in as its first run, between the label marks; bullets
 * and formats without a number are left to mammoth.
 */
export function numberParagraphs(documentXml: string, numberingXml: string): string {
  const lists = readNumbering(numberingXml);
  if (lists.size === 0) return documentXml;
  const counters = new Map<string, number[]>();
  const out: string[] = [];
  let from = 0;
  for (let at = documentXml.indexOf('<w:numPr>'); at >= 0; at = documentXml.indexOf('<w:numPr>', at + 1)) {
    const end = documentXml.indexOf('</w:numPr>', at);
    const pPrEnd = end < 0 ? -1 : documentXml.indexOf('</w:pPr>', end);
    if (pPrEnd < 0) break;
    const numPr = documentXml.slice(at, end);
    const listId = attribute(numPr, 'numId') ?? '0';
    const depth = Number(attribute(numPr, 'ilvl') ?? 0);
    const label = labelOf(lists.get(listId), depth, counters, listId);
    at = pPrEnd;
    if (label === null) continue;
    const insertAt = pPrEnd + '</w:pPr>'.length;
    out.push(documentXml.slice(from, insertAt));
    out.push(`<w:r><w:t xml:space="preserve">${LABEL_OPEN}${label}${LABEL_CLOSE}</w:t></w:r>`);
    from = insertAt;
  }
  out.push(documentXml.slice(from));
  return out.join('');
}

/** The next number of this list at this depth, counted as Word does (a deeper level restarts), formatted. */
function labelOf(
  levels: Levels | undefined,
  depth: number,
  counters: Map<string, number[]>,
  listId: string,
): string | null {
  const level = levels?.get(depth);
  if (!levels || !level || !Number.isInteger(depth) || !FORMATS[level.format]) return null;
  const counts = counters.get(listId) ?? [];
  counters.set(listId, counts);
  counts[depth] = counts[depth] === undefined ? level.start : counts[depth] + 1;
  counts.length = depth + 1;
  let broken = false;
  const label = level.text.replace(/%([1-9])/g, (_, n: string) => {
    const at = Number(n) - 1;
    const format = FORMATS[levels.get(at)?.format ?? ''];
    const count = counts[at] ?? levels.get(at)?.start;
    if (!format || count === undefined) broken = true;
    return format && count !== undefined ? format(count) : '';
  });
  return broken || !label.trim() ? null : label.replace(MARKS, '');
}

/** Text with the marks taken out, for a document whose own text holds them (they mean nothing in it). */
export const withoutMarks = (xml: string) => xml.replace(MARKS, '');
