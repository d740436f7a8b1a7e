import { rangeTimes, singleTime } from './clock.js';
import { dayRange, hourTokens } from './hour-tokens.js';
import type { HourToken } from './hour-tokens.js';
import { plain, sentences } from './lines.js';
import { DAYS } from './types.js';
import type { Day, DayHours } from './types.js';

interface Span {
  opens?: string;
  closes?: string;
}

interface DayGroup {
  days: Day[];
  spans: Span[];
  closed: boolean;
  /** Not an opening: a date ('Monday 24 December'), or a range whose first day is unreadable ('xyz to Friday'). */
  skipped: boolean;
  /** Token index of the group's last day, to tell 'Monday to Friday' from 'Monday … to 5pm'. */
  last: number;
}

/** Words that make a sentence with a day and a time about opening ('we are open', 'available', 'served'). */
const OPEN_CUE =
  /\b(?:open|opens|opening|hours|closed|closes|available|serv(?:e|ed|ing)|lessons?|sessions?)\b/i;
const HOURS_HEADING = /\b(?:hours|opening|open|times|when)\b/i;
export const HOLIDAY =
  /\b(?:christmas|boxing day|new year|easter|thanksgiving|bank holidays?|public holidays?|holidays?)\b/i;
const HOLIDAY_CUE = /\b(?:open|opens|closed|closes|close|hours)\b/i;
const RANGE_WORDS = new Set(['to', 'through', 'thru', 'until', 'till', 'til']);
const OPEN_WORDS = new Set(['from', 'at', 'open', 'opens']);
const CLOSE_WORDS = new Set(['until', 'till', 'til', 'to', 'close', 'closes', 'finish', 'finishes', 'ends']);
const NOTE_MAX_CHARS = 40;
const HOLIDAY_NOTE_MAX_CHARS = 200;

/** Opening hours per day, from 'Monday: 9am–5pm' lines, 'Monday to Friday 9–5, Saturday 10–2' and prose. */
export function findHours(lines: string[]): { hours: DayHours[]; notes: string[] } {
  const hours = new Map<string, DayHours>();
  const notes = new Set<string>();
  let hoursSection = false;
  // A holiday question the document asks of itself ('Are you open on Christmas?'): its answer is the next line.
  let asked: string | null = null;
  for (const raw of lines) {
    // A table row reads as a line: '| Saturday | 10am - 2pm |' → 'Saturday: 10am - 2pm'; its rule line is skipped.
    if (TABLE_RULE.test(raw.trim())) continue;
    const line = tableRow(plain(raw));
    if (!line) continue;
    if (asked) {
      const answer = sentences(line)[0] ?? '';
      if (answer.length + asked.length < HOLIDAY_NOTE_MAX_CHARS && !answer.endsWith('?'))
        notes.add(`${asked} ${answer}`);
      asked = null;
    }
    if (isHeading(raw, line)) hoursSection = HOURS_HEADING.test(line);
    // A time binds to the days of its own sentence: 'Open Thursday to Saturday at 7pm. The bar opens at 6.30pm.'
    const parts = sentences(line);
    for (const [i, sentence] of parts.entries()) {
      const tokens = hourTokens(sentence);
      const dayFirst = tokens[0]?.kind === 'days' && tokens[0].start === 0;
      const timeFirst = tokens[0]?.kind === 'clock' && tokens[0].start === 0;
      if (dayFirst || timeFirst || hoursSection || OPEN_CUE.test(sentence)) {
        for (const entry of entriesOf(tokens, dayFirst ? sentence : null))
          hours.set(JSON.stringify(entry), entry);
      }
      const note =
        sentence.length <= HOLIDAY_NOTE_MAX_CHARS && HOLIDAY.test(sentence) && HOLIDAY_CUE.test(sentence);
      if (note && sentence.endsWith('?')) {
        // Its answer: the next sentence of the line, else the next line.
        const answer = parts[i + 1];
        if (answer === undefined) asked = sentence;
        else if (sentence.length + answer.length < HOLIDAY_NOTE_MAX_CHARS) notes.add(`${sentence} ${answer}`);
      } else if (note) notes.add(sentence);
    }
  }
  const byDay = [...hours.values()].sort((a, b) => DAYS.indexOf(a.day) - DAYS.indexOf(b.day));
  return { hours: byDay, notes: [...notes] };
}

const TABLE_RULE = /^\|?(?:\s*:?-+:?\s*\|)+\s*(?::?-+:?)?\s*$/;

function tableRow(line: string): string {
  if (!line.startsWith('|')) return line;
  return line
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => cell.trim())
    .filter(Boolean)
    .join(': ');
}

function isHeading(raw: string, line: string): boolean {
  if (raw.startsWith('#')) return true;
  return line.length <= 60 && !/\d/.test(line) && (/[?:]$/.test(line) || !/[.,;]/.test(line));
}

function entriesOf(tokens: HourToken[], dayFirstLine: string | null): DayHours[] {
  const groups: DayGroup[] = [];
  /** Times printed before any day ('9am–5pm, Monday to Friday'). */
  const leading: Span[] = [];
  let closedBefore = false;
  let current: DayGroup | null = null;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const previous = tokens[i - 1];
    if (token.kind === 'days') {
      const joiner = previous?.kind === 'word' ? previous.word : null;
      const from = current?.days[current.days.length - 1];
      const next = current?.last === i - 2;
      if (next && from && joiner && RANGE_WORDS.has(joiner) && token.days.length === 1) {
        current!.days.push(...dayRange(from, token.days[0]!).slice(1));
      } else if ((next && joiner === 'and') || (current && current.last === i - 1))
        current!.days.push(...token.days);
      else {
        // 'xyz to Friday': a range whose first day is unreadable is not guessed to be Friday alone.
        const unreadStart = joiner !== null && RANGE_WORDS.has(joiner);
        current = { days: [...token.days], spans: [], closed: closedBefore, skipped: unreadStart, last: i };
        groups.push(current);
        closedBefore = false;
      }
      current!.last = i;
    } else if (token.kind === 'date') {
      if (current && i - current.last <= 2) current.skipped = true;
    } else if (token.kind === 'word' && token.word === 'closed') {
      if (current && !current.spans.length) current.closed = true;
      else closedBefore = true;
    } else if (token.kind === 'clock') {
      const { span, used } = spanAt(tokens, i);
      if (!span) continue;
      i += used - 1;
      const target = current ? current.spans : leading;
      const last = target[target.length - 1];
      if (last && last.opens && !last.closes && span.closes && !span.opens) last.closes = span.closes;
      else target.push(span);
    }
  }
  const first = groups[0];
  if (first && !first.spans.length && !first.closed) first.spans = leading;
  return groups.filter((g) => !g.skipped).flatMap((g) => groupEntries(g, tokens, dayFirstLine));
}

/** The times at token i: a range ('9–5', '9am to 5pm', '9:00 | 17:00'), or one time after 'from' or 'until'. */
function spanAt(tokens: HourToken[], i: number): { span: Span | null; used: number } {
  const first = tokens[i] as Extract<HourToken, { kind: 'clock' }>;
  const joiner = tokens[i + 1];
  const second = joiner?.kind === 'clock' ? joiner : tokens[i + 2];
  const joined = joiner?.kind === 'clock' || (joiner?.kind === 'word' && RANGE_WORDS.has(joiner.word));
  if (joined && second?.kind === 'clock') {
    return { span: rangeTimes(first.clock, second.clock), used: second === joiner ? 2 : 3 };
  }
  const time = singleTime(first.clock);
  if (!time) return { span: null, used: 1 };
  const before = [tokens[i - 1], tokens[i - 2]].map((t) => (t?.kind === 'word' ? t.word : ''));
  if (CLOSE_WORDS.has(before[0]!) || (before[0] === 'at' && CLOSE_WORDS.has(before[1]!)))
    return { span: { closes: time }, used: 1 };
  if (OPEN_WORDS.has(before[0]!)) return { span: { opens: time }, used: 1 };
  return { span: null, used: 1 };
}

function groupEntries(group: DayGroup, tokens: HourToken[], dayFirstLine: string | null): DayHours[] {
  const unique = [...new Set(group.days)];
  if (group.spans.length) return unique.flatMap((day) => group.spans.map((span) => ({ day, ...span })));
  if (group.closed) return unique.map((day) => ({ day, closed: true }));
  const note = dayFirstLine ? noteAfter(dayFirstLine, tokens[group.last]!.end) : null;
  return note ? unique.map((day) => ({ day, note })) : [];
}

/** 'Saturday: by appointment only' → 'by appointment only'. */
function noteAfter(line: string, end: number): string | null {
  const rest = line.slice(end);
  if (!/^\s*[:|–—-]/.test(rest)) return null;
  const note = rest.replace(/^\s*[:|–—-]\s*/, '').trim();
  return note && note.length <= NOTE_MAX_CHARS && /\p{L}/u.test(note) ? note : null;
}
