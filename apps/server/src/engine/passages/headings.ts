import type { Heading } from './types.js';

/** Where a line sits, as far as heading detection cares. */
export interface LineContext {
  /** The line opens its block (after a blank line, a page break or a heading). */
  atBlockStart: boolean;
  /** The previous line ends a sentence: PDFs rarely separate paragraphs with blank lines. */
  afterSentence: boolean;
  /** The line is its block's only line. */
  standalone: boolean;
  /** The block is a list or table (two or more item lines): only markdown headings count there. */
  inList: boolean;
  /** The next non-empty line, if any. */
  next: string | null;
  /** The previous line is a lead-in ending with ':' ('use one of these shortcuts:'): this line is its item. */
  afterLeadIn?: boolean;
}

const MINOR_WORDS = new Set(
  'a an and as at by for from in into of on onto or per the to vs via with & - – —'.split(' '),
);
const PRONOUN_START = /^(?:we|you|i|our|your|they|it|this|these|those|here|there|please|the following)\b/i;
/** 'Our team', 'Your visit': a heading may start so when it is short; 'Our prices are' is a sentence. */
const OWNED = /^(?:our|your)\s/i;
/** A sentence-case heading that opens its block has at most this many words. */
const SHORT_HEADING_WORDS = 5;
const MARKDOWN = /^(#{1,6})\s+(.+?)\s*#*\s*$/;
const BOLD = /^(?:\*\*|__)(.+?)(?:\*\*|__):?$/;
const NUMBERED = /^(\d{1,2}(?:\.\d{1,2})+\.?|\d{1,2}[.)])\s+(\p{Lu}.*)$/u;
const TERMINAL = /[.,;!]$/;
/** Seven digits or more in one run of a number ('F 020 7610 2500'): a phone line says something, it heads nothing. */
const PHONE_LIKE = /\d(?:[ ().-]?\d){6}/;
/** A line that is a UK postcode alone ('W6 8NX', 'TS13 4BD'): a line of an address block. */
const POSTCODE_LINE = /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/;
const PRICE = /[£$€¥₹]\s?\d|\d\s?(?:€|EUR|USD|GBP)\b|\s\d[\d,]*\.\d{2}$/;
const LIST_ITEM = /^\s*(?:[-*•‣◦▪●+]\s|\(?(?:\d{1,3}|[a-z])[.)]\s|\|)/i;

/**
 * How high a heading sits in the outline (1 = outermost). A heading nests under the nearest open heading of a
 * smaller rank and closes the others, so mixed styles ('1. Fees', then 'Frequently Asked Questions') stay siblings.
 */
export function headingRank(h: Heading): number {
  switch (h.style) {
    case 'md':
      return h.depth;
    case 'caps':
      return 1;
    case 'num':
      return h.depth + 1;
    case 'line':
      return 2;
    case 'bold':
      return 4;
    case 'colon':
      return 5;
    default:
      return 6;
  }
}

/** A bullet, numbered item or table row. */
export function isListItem(line: string): boolean {
  return LIST_ITEM.test(line);
}

/** A line of a paragraph rather than a list's or an address's: six words or more, or a finished sentence. */
export function isBodyLine(line: string): boolean {
  return words(line).length >= 6 || /[.!?]$/.test(line.trim());
}

function words(text: string): string[] {
  return text.split(/\s+/).filter(Boolean);
}

function startsUpper(text: string): boolean {
  return /^["'(]?\p{Lu}/u.test(text);
}

function isTitleCase(text: string): boolean {
  const parts = words(text);
  return (
    startsUpper(text) &&
    parts.every((w) => MINOR_WORDS.has(w.toLowerCase()) || /^["'(]?[\p{Lu}\d]/u.test(w) || !/\p{L}/u.test(w))
  );
}

function isAllCaps(text: string): boolean {
  const letters = text.match(/\p{L}/gu) ?? [];
  const upper = letters.filter((c) => c === c.toUpperCase() && c !== c.toLowerCase()).length;
  return letters.length >= 3 && upper / letters.length >= 0.9;
}

function strip(text: string): string {
  return text
    .replace(/\*\*|__/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The heading this line is, or null. Conservative: a false heading costs less than a lost paragraph. */
export function detectHeading(line: string, ctx: LineContext): Heading | null {
  const text = line.trim();
  const md = MARKDOWN.exec(text);
  if (md?.[1] && md[2]) return { text: strip(md[2]), style: 'md', depth: md[1].length };
  if (ctx.inList || !(ctx.atBlockStart || ctx.afterSentence)) return null;
  if (text.length > 100 || !/\p{L}/u.test(text) || /^[-*•]/.test(text)) return null;
  // A table row split at tabs, or a line that gives a price, says something: 'Elzevir Block⇥Double Room⇥£125',
  // 'Batesville Mahogany 6905.00', a phone number ('F 020 7610 2500') or a postcode.
  if (/\S\t+\S/.test(text) || PRICE.test(text) || PHONE_LIKE.test(text) || POSTCODE_LINE.test(text))
    return null;
  const count = words(text).length;

  const bold = ctx.standalone ? BOLD.exec(text) : null;
  if (bold?.[1] && words(bold[1]).length <= 12 && !TERMINAL.test(bold[1])) {
    return { text: strip(bold[1]), style: 'bold', depth: 1 };
  }
  const num = NUMBERED.exec(text);
  if (num?.[1] && num[2]) {
    const depth = num[1].split('.').filter((p) => /\d/.test(p)).length;
    const nextNum = ctx.next ? NUMBERED.exec(ctx.next.trim()) : null;
    const nextDepth = nextNum?.[1]?.split('.').filter((p) => /\d/.test(p)).length;
    if (count <= 11 && !TERMINAL.test(num[2]) && !num[2].includes(': ') && nextDepth !== depth) {
      return { text: strip(num[2]), style: 'num', depth };
    }
    return null;
  }
  if (text.endsWith('?')) {
    const question = text.replace(/^Q\s*[:.]\s*/i, '');
    const answered = ctx.next !== null && !ctx.next.trim().endsWith('?');
    if (count <= 15 && answered && startsUpper(question))
      return { text: question, style: 'question', depth: 1 };
    return null;
  }
  if (TERMINAL.test(text) || text.includes(': ') || /^\d/.test(text)) return null;
  if (text.endsWith(':')) {
    const label = text.slice(0, -1);
    const ok = count <= 5 && !label.includes(':') && !PRONOUN_START.test(label) && startsUpper(label);
    return ok && ctx.next !== null ? { text: strip(label), style: 'colon', depth: 1 } : null;
  }
  // In capitals, a heading has a word ('FEES', 'OUR TEAM'); a postcode or a code ('TS13 4BD', 'A1-B2') has none.
  if (count <= 10 && isAllCaps(text) && /(?:^|\s)\p{L}{3,}(?:\s|$)/u.test(text))
    return { text: strip(text), style: 'caps', depth: 1 };
  if (count <= 10 && isTitleCase(text) && (ctx.standalone || ctx.next !== null)) {
    return { text: strip(text), style: 'line', depth: 1 };
  }
  // A short sentence-case line on its own, followed by a real paragraph ("Opening hours").
  const next = ctx.next?.trim() ?? '';
  const nextIsBody = isBodyLine(next);
  if (ctx.standalone && count <= 8 && startsUpper(text) && nextIsBody && !PRONOUN_START.test(text)) {
    return { text: strip(text), style: 'line', depth: 1 };
  }
  // The same line opening its block, over its paragraph or list ("New patients", "Our team"). A wrapped sentence's
  // first line is long, and its next line goes on in lower case.
  if (
    ctx.atBlockStart &&
    !ctx.afterLeadIn &&
    count <= SHORT_HEADING_WORDS &&
    startsUpper(text) &&
    /^["'(]?[\p{Lu}\d]/u.test(next) &&
    (!PRONOUN_START.test(text) || (OWNED.test(text) && count <= 3))
  ) {
    return { text: strip(text), style: 'line', depth: 1 };
  }
  return null;
}
