import type { Clock } from './clock.js';
import { parseClock } from './clock.js';
import { DAYS } from './types.js';
import type { Day } from './types.js';

export type HourToken =
  | { kind: 'days'; days: Day[]; start: number; end: number }
  | { kind: 'date'; start: number; end: number }
  | { kind: 'clock'; clock: Clock; start: number; end: number }
  | { kind: 'word'; word: string; start: number; end: number };

/**
 * Every alternative has a fixed shape (a name, one or two digits and minutes, a word), so the scan tries each
 * position once: days, day groups, months (a date, not a weekday), times, and the words that join them.
 */
const TOKEN = new RegExp(
  [
    String.raw`\b(?<day>mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:r(?:s(?:day)?)?)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?)(?:s\b|\b)\.?`,
    String.raw`\b(?<group>weekdays|weekends?|daily|every day|7 days a week|seven days a week)\b`,
    String.raw`\b(?<month>jan(?:uary)?|feb(?:ruary)?|march|apr(?:il)?|june|july|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b`,
    String.raw`(?<clock>\b(?:noon|midday|midnight)\b|\b\d{1,2}(?:[:.][0-5]\d)?(?!\d)(?: ?[ap]\.?m\b\.?)?)`,
    String.raw`\b(?<word>to|through|thru|until|till|til|and|from|at|open|opens|close|closes|closed|finish|finishes|ends|between)\b`,
    String.raw`(?<mark>[-–—&,/])`,
  ].join('|'),
  'gi',
);

const DAY_INDEX: Record<string, number> = { mon: 0, tue: 1, wed: 2, thu: 3, fri: 4, sat: 5, sun: 6 };

export function hourTokens(line: string): HourToken[] {
  const tokens: HourToken[] = [];
  for (const match of line.matchAll(TOKEN)) {
    const start = match.index;
    const end = start + match[0].length;
    const { day, group, month, clock, word, mark } = match.groups ?? {};
    if (day) {
      // 'sat', 'sun', 'wed' in lower case are words ('the sun'); a short form counts written as a name.
      if (day.length <= 5 && /^\p{Ll}/u.test(day)) continue;
      tokens.push({ kind: 'days', days: [DAYS[DAY_INDEX[day.slice(0, 3).toLowerCase()]!]!], start, end });
    } else if (group) tokens.push({ kind: 'days', days: groupDays(group.toLowerCase()), start, end });
    else if (month) tokens.push({ kind: 'date', start, end });
    else if (clock) {
      if (/[$£€¥]/.test(line[start - 1] ?? '') || line[end] === '%') continue;
      const parsed = parseClock(clock);
      if (parsed) tokens.push({ kind: 'clock', clock: parsed, start, end });
    } else if (word) tokens.push({ kind: 'word', word: word.toLowerCase(), start, end });
    else if (mark)
      tokens.push({
        kind: 'word',
        word: mark === '&' || mark === ',' || mark === '/' ? 'and' : 'to',
        start,
        end,
      });
  }
  return tokens;
}

function groupDays(group: string): Day[] {
  if (group === 'weekdays') return DAYS.slice(0, 5);
  if (group.startsWith('weekend')) return DAYS.slice(5);
  return [...DAYS];
}

/** Monday to Friday, or Friday to Monday across the weekend. */
export function dayRange(from: Day, to: Day): Day[] {
  const days: Day[] = [];
  for (let i = DAYS.indexOf(from); ; i = (i + 1) % 7) {
    days.push(DAYS[i]!);
    if (DAYS[i] === to || days.length === 7) return days;
  }
}
