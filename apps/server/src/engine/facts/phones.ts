import { plain } from './lines.js';
import type { PhoneFact } from './types.js';

/**
 * A run of digits and phone separators, matched greedily with no backtracking (the class holds every character
 * it may take); the run is then read group by group for the longest valid number.
 */
const CANDIDATE = /\+?\(?\d[\d ().-]{5,30}/g;
/** Vanity numbers spelt with letters ('410.825.FORM', '1-800-FLOWERS'). */
const VANITY = /(?:\b1[-. ])?\b\d{3}[-. ]\d{3}[-. ][A-Z]{4,7}\b|\b1[-. ]8\d\d[-. ][A-Z]{4,7}\b/g;
/** Words that make a bare run of digits ('Call 07700900123') a phone number. */
const PHONE_CUE =
  /\b(?:call|phone|tel|telephone|mobile|mob|cell|fax|text|whatsapp|ring|dial)\b|(?:^|\s)[TPM]\s*:/i;
/** Words of a label that only say 'phone', which the number needs no repeating of. */
const GENERIC_WORDS = new Set('our the main contact phone telephone tel t p number no'.split(' '));
/** Words of a sentence around the number ('please call us on'), not of a label. */
const SENTENCE_WORDS = new Set('call ring reach dial please us you we feel free or give text'.split(' '));

export function findPhones(lines: string[]): PhoneFact[] {
  const phones = new Map<string, PhoneFact>();
  const described = new Set<string>();
  for (const line of lines) {
    for (const { start, number } of numbersIn(line)) {
      const key = keypadDigits(number);
      if (phones.has(key)) continue;
      const label = labelOf(line, start, number);
      phones.set(key, label ? { number, label } : { number });
      if (describedAfter(line, start + number.length)) described.add(key);
    }
  }
  // A directory of other places ('Hotel Tillman (864) 653-6000 A classic Clemson staple…'), beside a number of the
  // business's own, lists numbers that are not the business's to give.
  const directory = described.size >= DIRECTORY_MIN && described.size < phones.size;
  return [...phones].filter(([key]) => !directory || !described.has(key)).map(([, phone]) => phone);
}

/** Numbers described in prose on their own line that make a directory of others' numbers. */
const DIRECTORY_MIN = 3;
/** Words after a number that describe the place it belongs to ('High-end rooms with an outdoor pool'). */
const DESCRIPTION = /^\s*[-–—]?\s*\p{L}[\p{L}'’-]*(?:[ ,]+[\p{L}'’-]+){2,}/u;

function describedAfter(line: string, end: number): boolean {
  return !PHONE_CUE.test(line) && DESCRIPTION.test(line.slice(end));
}

/** The keys pressed to dial a number, so '855-321-OPEN' and '8553216736' are one number. */
const KEYPAD = ['abc', 'def', 'ghi', 'jkl', 'mno', 'pqrs', 'tuv', 'wxyz'];
function keypadDigits(number: string): string {
  return number
    .toLowerCase()
    .replace(/[a-z]/g, (letter) => String(KEYPAD.findIndex((keys) => keys.includes(letter)) + 2))
    .replace(/\D/g, '');
}

function numbersIn(line: string): { start: number; number: string }[] {
  const out: { start: number; number: string }[] = [];
  for (const match of line.matchAll(VANITY)) out.push({ start: match.index, number: match[0] });
  if (!/\d/.test(line)) return out;
  const cued = PHONE_CUE.test(line);
  for (const match of line.matchAll(CANDIDATE)) {
    const before = line[match.index - 1] ?? ' ';
    if (/[\p{L}\d$£€¥#/]/u.test(before)) continue;
    const found = longestNumber(match[0], cued);
    if (found) out.push({ start: match.index + found.offset, number: found.number });
  }
  return out;
}

interface Group {
  digits: string;
  from: number;
  to: number;
}

/** The number starting at the earliest group that begins a valid one, as long as it stays valid. */
function longestNumber(run: string, cued: boolean): { offset: number; number: string } | null {
  const groups: Group[] = [];
  for (const g of run.matchAll(/\+?\(?\d+\)?/g))
    groups.push({ digits: g[0], from: g.index, to: g.index + g[0].length });
  for (let first = 0; first < groups.length; first++) {
    let best: Group[] | null = null;
    for (let last = first; last < groups.length && last - first < 7; last++) {
      const gap = run.slice(groups[last - 1]?.to ?? 0, groups[last]!.from);
      if (last > first && (gap.length > 2 || gap.trim().length > 1)) break;
      const chosen = groups.slice(first, last + 1);
      if (isPhone(chosen, cued)) best = chosen;
    }
    if (best) {
      const from = best[0]!.from;
      const number = run.slice(from, best[best.length - 1]!.to).replace(/\($/, '');
      return { offset: from, number: unbalanced(number) ? number.replace(/[()]/g, '') : number };
    }
  }
  return null;
}

function unbalanced(text: string): boolean {
  return (text.match(/\(/g)?.length ?? 0) !== (text.match(/\)/g)?.length ?? 0);
}

function isPhone(groups: Group[], cued: boolean): boolean {
  const text = groups.map((g) => g.digits).join(' ');
  const international = text.startsWith('+') || text.startsWith('00');
  const digits = text.replace(/\+?\(0\)/, '').replace(/\D/g, '');
  if (groups.slice(2).some((g) => g.digits.replace(/\D/g, '').length < 2)) return false;
  if (groups.length === 1 && !cued && !text.startsWith('+')) return false;
  if (international) return digits.length >= 8 && digits.length <= 15;
  if (digits.startsWith('0')) return digits.length >= 10 && digits.length <= 11;
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return national.length === 10 && /^[2-9]\d\d[2-9]/.test(national);
}

const LETTER_LABELS: Record<string, string> = { F: 'Fax', M: 'Mobile' };

/** 'Reception: 01949 728288', 'Emergencies – …', 'Reception | …' or '… (reception)'. */
function labelOf(line: string, start: number, number: string): string | undefined {
  // A letterhead's one-letter labels: 'T 020 7386 7755', 'F 020 7610 2500', 'M: 07700 900123'.
  const letter = /^\s*([FM])\s?[:.]?\s*$/.exec(line.slice(0, start))?.[1];
  if (letter) return LETTER_LABELS[letter];
  const after = /^\s*\(([^()\d]{2,30})\)/.exec(line.slice(start + number.length, start + number.length + 40));
  if (after?.[1]) return named(after[1]);
  let before = plain(line.slice(0, start)).trimEnd();
  // Tested on the last characters only: a pattern anchored at the end would be tried at every position.
  const connector = /(?::|[-–—|]|\b(?:on|at))$/i.exec(before.slice(-3));
  if (!connector) return undefined;
  before = before.slice(0, before.length - connector[0].length).trimEnd();
  const segment = before.split(/[|;]|[.!?]\s/).pop() ?? '';
  return named(segment);
}

function named(text: string): string | undefined {
  const label = text.trim();
  const words = label.toLowerCase().split(/\s+/);
  const bare = words.map((w) => w.replace(/[.:,]$/, ''));
  if (label.length > 40 || words.length > 4 || bare.every((w) => GENERIC_WORDS.has(w))) return undefined;
  if (bare.some((w) => SENTENCE_WORDS.has(w))) return undefined;
  return label;
}
