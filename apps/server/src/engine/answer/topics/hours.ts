/**
 * Topic: hours ("When are you open?"), answered from the key facts. Rule `hours-facts`, decision 040; its measured worth on the
 * corpus's validate part is kept with the rule in ../../rules.ts (ENGINE_RULES['hours-facts'].validateWorth).
 */
import { KEY_FACTS_MSG } from '@vuxo/shared/messages';
import type { Day, DayHours, KeyFacts } from '../../facts/index.js';
import { rangeTimes, singleTime } from '../../facts/clock.js';
import { hourTokens } from '../../facts/hour-tokens.js';
import { findHours, HOLIDAY } from '../../facts/hours.js';
import { plain, sentences } from '../../facts/lines.js';
import { DAYS } from '../../facts/types.js';
import type { Passage } from '../../passages/index.js';
import { ALL_RULES, type EngineRules } from '../../rules.js';
import { fold, isStopWord, terms } from '../../retrieval/text-analysis.js';
import type { AskedQuestion, Vocabulary } from '../asked-question.js';
import type { FactTopicRule } from './topic.js';
import { escapeMarkdownText } from '../markdown-safety.js';
import { sourceLine } from '../source-line.js';

/**
 * "Are you open on Friday?" answered from the document's opening hours (key facts, decision 037): the day's hours,
 * or the week's, first, with the part of the document they are printed in. A question naming a subject ('when
 * does the bar open?') is answered from the hours only when the subject is printed in a sentence that gives
 * hours: the bar with a time of its own goes the normal way.
 */

/** The shapes of a question about opening times, on the folded question (bounded gaps: linear time). */
const ASKS = [
  /\b(?:opening|business|office|trading|your|the) (?:hours|times)\b/,
  /\bhours\b.{0,30}\b(?:today|tomorrow|weekends?|on|at)\b/,
  /\b(?:are|is) (?:you|it|they|we|u|the [a-z]+) (?:guys )?(?:open|closed)\b/,
  /\bwhen (?:are|is|do|does|will|can) .{0,40}\b(?:open|opens|close|closes|closed|start|starts|finish|finishes|begin|begins|end|ends)\b/,
  /\bwhat time (?:do|does|is|are|will|can) .{0,40}\b(?:open|opens|close|closes|closing|start|starts|finish|finishes|begin|begins|end|ends|shut)\b/,
  /\b(?:which|what) (?:days|nights|evenings|mornings|times)\b.{0,40}\b(?:open|closed|available)\b/,
  /\bopen (?:on|today|tomorrow|tonight|this|now|late|early|at the weekend|weekends|every|mon|tue|wed|thu|fri|sat|sun)/,
  /\bclosing time\b|\bopening time\b/,
  /\bopen (?:til|till|until|past)\b/,
];

/** The question's words that only say it asks about opening times, or which day. */
const HOURS_WORDS = new Set(
  terms(
    'open opening opens close closes closed closing hour hours time times day days night nights evening evenings ' +
      'morning mornings afternoon week weekend weekends weekday weekdays today tomorrow tonight now start starts ' +
      'finish finishes begin begins end ends late early usual usually normal normally regular what when which ' +
      'you your u guys we it they are is do does will can business office trading shut available ' +
      'monday tuesday wednesday thursday friday saturday sunday mondays tuesdays wednesdays thursdays fridays ' +
      'saturdays sundays every each this next on at ' +
      // A time the visitor names ('open til half 5', 'until 6pm') asks about the day's hours.
      'til till until by after before past half quarter oclock noon midday midnight',
  ),
);
/** A clock time in the question ('6', '5:30', '6pm', '17:00'), as the index writes it. */
const CLOCK_TERM = /^\d{1,2}(?::\d{2})?(?:am|pm)?$/;

const DAY_NAMES = KEY_FACTS_MSG.dayNames;
const HOURS_HEADING = /\b(?:hours|opening|open|times)\b/i;
const DAY_WORD = /\b(mon|tue|wed|thu|fri|sat|sun)[a-z]*\b/g;

export interface HoursReply {
  text: string;
  passages: Passage[];
  /** The hours the document gives, not the day asked for: the reply is unsure (issue 44). */
  partial?: true;
}

/** The words the shapes are made of, so that a visitor's near spelling reads as them ('wat time', 'opne'). */
const SHAPE_WORDS = ['what', 'when', 'time', 'open', 'hours', 'close', 'closed', 'opening', 'closing'];

const NEAR: Vocabulary = { words: SHAPE_WORDS, minLength: 3 };

export function asksHours(question: AskedQuestion): boolean {
  const q = question.near(NEAR);
  return ASKS.some((shape) => shape.test(q));
}

/** The days a question names: a weekday, 'today' or 'tomorrow' (by `now`), the weekend or weekdays; [] for none. */
export function daysAsked(question: AskedQuestion, now: Date): Day[] {
  const q = question.folded;
  const days = new Set<Day>();
  for (const match of q.matchAll(DAY_WORD)) {
    const word = match[0];
    const day = match[1] as Day;
    // 'sat', 'sun', 'wed' alone are words ('I sat', 'the sun'); the short forms count only as 'fri', 'mon', …
    if (word.length <= 3 && ['sat', 'sun', 'wed'].includes(word)) continue;
    if (DAY_NAMES[day].toLowerCase().startsWith(word.replace(/s$/, '')) || word.length <= 4) days.add(day);
  }
  const today = DAYS[(now.getDay() + 6) % 7]!;
  if (/\b(?:today|tonight|now)\b/.test(q)) days.add(today);
  if (/\btomorrow\b/.test(q)) days.add(DAYS[(DAYS.indexOf(today) + 1) % 7]!);
  if (/\bweekends?\b/.test(q)) days.add('sat').add('sun');
  if (/\bweekdays?\b/.test(q)) DAYS.slice(0, 5).forEach((d) => days.add(d));
  return DAYS.filter((d) => days.has(d));
}

/** How the document writes a time ('7pm', '7:00 PM', '1.30pm', '19:00'): the reply writes them the same way. */
export interface TimeStyle {
  twelveHour: boolean;
  /** ':00' printed on the hour ('7:00 PM'). */
  fullMinutes: boolean;
  separator: ':' | '.';
  space: boolean;
  upper: boolean;
  /** Between the two times of a range: ' to ' ('9am to 6pm') or '–' ('9am–6pm', '9am - 6pm'). */
  rangeJoin: ' to ' | '–';
}
const DEFAULT_STYLE: TimeStyle = {
  twelveHour: true,
  fullMinutes: false,
  separator: ':',
  space: false,
  upper: false,
  rangeJoin: '–',
};
/** A range of times written with a word between them ('9am to 6pm', '9 until 5'). */
const WORD_RANGE = /\d(?:\s?[ap]\.?m\.?)?\s(?:to|until|till)\s\d/i;
const PRINTED_TIME = /\b(\d{1,2})(?:([:.])(\d{2}))?(?:( ?)([ap])\.?m\b)?/gi;

/** The style of the first times printed with am/pm (else in 24 hours, 'HH:MM') in these sentences. */
export function timeStyle(printed: readonly string[]): TimeStyle {
  const rangeJoin = printed.some((sentence) => WORD_RANGE.test(sentence)) ? ' to ' : '–';
  for (const sentence of printed) {
    for (const m of sentence.matchAll(PRINTED_TIME)) {
      const [, , separator, minutes, space, ampm] = m;
      if (ampm) {
        return {
          twelveHour: true,
          fullMinutes: minutes === '00',
          separator: separator === '.' ? '.' : ':',
          space: space === ' ',
          upper: ampm === ampm.toUpperCase(),
          rangeJoin,
        };
      }
      if (separator === ':' && minutes) return { ...DEFAULT_STYLE, twelveHour: false, rangeJoin };
    }
  }
  return { ...DEFAULT_STYLE, rangeJoin };
}

/** '19:00' → '7pm' (or '7:00 PM', '19:00' in the document's style), '09:30' → '9:30am', '12:00' → '12pm'. */
export function clockText(time: string, style: TimeStyle = DEFAULT_STYLE): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const minutes = String(m).padStart(2, '0');
  if (!style.twelveHour) return `${String(h).padStart(2, '0')}:${minutes}`;
  const suffix = h >= 12 && h < 24 ? 'pm' : 'am';
  const hour = h % 12 === 0 ? 12 : h % 12;
  const shownMinutes = m || style.fullMinutes ? `${style.separator}${minutes}` : '';
  return `${hour}${shownMinutes}${style.space ? ' ' : ''}${style.upper ? suffix.toUpperCase() : suffix}`;
}

function spanText(entry: DayHours, style: TimeStyle): string {
  if (entry.closed) return 'closed';
  if (entry.opens && entry.closes)
    return `${clockText(entry.opens, style)}${style.rangeJoin}${clockText(entry.closes, style)}`;
  if (entry.opens) return `from ${clockText(entry.opens, style)}`;
  if (entry.closes) return `until ${clockText(entry.closes, style)}`;
  return entry.note ?? '';
}

/** Each day's hours as one text ('9am–1pm and 2pm–5pm'), in week order. */
function byDay(hours: readonly DayHours[], style: TimeStyle): Map<Day, string> {
  const days = new Map<Day, string[]>();
  for (const entry of hours) {
    const text = [spanText(entry, style), entry.note && entry.opens ? `(${entry.note})` : '']
      .filter(Boolean)
      .join(' ');
    if (!text) continue;
    days.set(entry.day, [...(days.get(entry.day) ?? []), text]);
  }
  return new Map(DAYS.filter((d) => days.has(d)).map((d) => [d, days.get(d)!.join(' and ')]));
}

/** Lines of the week, consecutive days with the same hours joined ('Tuesday to Thursday: 9am–8pm'). */
function weekLines(week: Map<Day, string>, only: readonly Day[] | null): string[] {
  const lines: string[] = [];
  let run: Day[] = [];
  const flush = () => {
    if (!run.length) return;
    const first = DAY_NAMES[run[0]!];
    const name = run.length === 1 ? first : `${first} to ${DAY_NAMES[run[run.length - 1]!]}`;
    lines.push(`${name}: ${week.get(run[0]!)}`);
    run = [];
  };
  for (const day of DAYS) {
    const text = week.get(day);
    if (!text || (only && !only.includes(day))) {
      flush();
      continue;
    }
    const previous = run[run.length - 1];
    if (previous && week.get(previous) !== text) flush();
    run.push(day);
  }
  flush();
  return lines;
}

/** The sentences of the document that give hours (a day and a time), with their passages. */
interface HoursSentence {
  sentence: string;
  text: Set<string>;
  passage: Passage;
}
const hoursSentences = new WeakMap<readonly Passage[], HoursSentence[]>();
function sentencesWithHours(passages: readonly Passage[]) {
  let found = hoursSentences.get(passages);
  if (found) return found;
  found = [];
  for (const passage of passages) {
    for (const line of passage.text.split('\n')) {
      for (const sentence of sentences(plain(line))) {
        const tokens = hourTokens(sentence);
        if (tokens.some((t) => t.kind === 'days') && tokens.some((t) => t.kind === 'clock'))
          found.push({ sentence, text: new Set(terms(`${passage.heading ?? ''} ${sentence}`)), passage });
      }
    }
  }
  hoursSentences.set(passages, found);
  return found;
}

/** The days the document names anywhere, read once per bot's passages (as the hours sentences are). */
const namedDays = new WeakMap<readonly Passage[], Set<Day>>();
function daysNamed(passages: readonly Passage[]): Set<Day> {
  let found = namedDays.get(passages);
  if (found) return found;
  found = new Set();
  for (const passage of passages) {
    const text = fold(passage.text);
    for (const day of DAYS) if (text.includes(DAY_NAMES[day].toLowerCase())) found.add(day);
  }
  namedDays.set(passages, found);
  return found;
}

/**
 * The reply to a question about opening times from the key facts; null when the question asks no such thing, the
 * document gives no hours, or the question names a subject no sentence with hours mentions.
 */
export function hoursReply(
  question: AskedQuestion,
  facts: KeyFacts | null,
  passages: readonly Passage[],
  documentName: string,
  { now = new Date(), rules = ALL_RULES }: { now?: Date; rules?: EngineRules } = {},
): HoursReply | null {
  if (!facts || !asksHours(question)) return null;
  const holiday = holidayReply(question, facts, passages, documentName);
  if (holiday !== undefined) return holiday;
  if (facts.hours.length === 0) return null;
  const subject = [...new Set(question.termsNear(NEAR))].filter(
    (t) => !isStopWord(t) && !HOURS_WORDS.has(t) && !CLOCK_TERM.test(t),
  );
  const withHours = sentencesWithHours(passages);
  const matching = withHours.filter((s) => subject.every((t) => s.text.has(t)));
  if (matching.length === 0) return null;
  // A subject whose own sentences give other times than the opening hours ('when does the monthly clean start?' →
  // 'third Saturday of each month at 10 am'): the normal answer reads them, not the week's hours.
  if (subject.length > 0 && !matching.some((s) => givesOpeningHours(s.sentence, facts))) return null;
  const week = byDay(facts.hours, timeStyle(withHours.map((s) => s.sentence)));
  if (week.size === 0) return null;
  const asked = daysAsked(question, now);
  // The week asked for and one sentence of the document gives all of it ('We are open every day from 8am to
  // 8pm.'): that sentence says it best.
  const only = withHours.length === 1 ? withHours[0]! : null;
  const whole = only !== null && findHours([only.sentence]).hours.length === facts.hours.length;
  if (asked.length === 0 && only && whole && subject.length === 0 && isProse(only.sentence))
    return {
      text: `${escapeMarkdownText(only.sentence)}\n\n${sourceLine([only.passage], documentName)}`,
      passages: [only.passage],
    };
  // A day the hours do not name may be closed or given in words the extraction did not read: the hours the
  // document gives are the closest answer, and are given as unsure ('open on Saturday?' → 'Monday to Friday').
  const missing = asked.some((d) => !week.has(d));
  // A document that names the day ('Saturday: closed', 'Saturdays by appointment') says it best: the normal way.
  const named = (day: Day) => daysNamed(passages).has(day);
  if (missing && (!rules.on('hours-partial') || asked.some((d) => !week.has(d) && named(d)))) return null;
  if (missing && only && whole && subject.length === 0)
    return {
      text: `${escapeMarkdownText(only.sentence)}\n\n${sourceLine([only.passage], documentName)}`,
      passages: [only.passage],
      partial: true,
    };
  const shown = weekLines(week, asked.length && !missing ? asked : null);
  const intro = asked.length && !missing ? '' : 'Our opening hours:';
  const body =
    shown.length === 1 && !intro
      ? `${escapeMarkdownText(shown[0]!)}.`
      : [intro, ...shown.map((l) => `- ${escapeMarkdownText(l)}`)].filter(Boolean).join('\n');
  // The hours' own section when one is headed so ('Opening hours'), else the first that gives hours.
  const headed = matching.find((s) => HOURS_HEADING.test(s.passage.heading ?? ''));
  const used = [(headed ?? matching[0]!).passage];
  return {
    text: `${body}\n\n${sourceLine(used, documentName)}`,
    passages: used,
    ...(missing ? { partial: true as const } : {}),
  };
}

/** A sentence that prints a time of the key facts' opening hours ('every Tuesday evening 7-9 pm' → 19:00). */
function givesOpeningHours(sentence: string, facts: KeyFacts): boolean {
  const times = new Set(facts.hours.flatMap((h) => [h.opens, h.closes]));
  const clocks = hourTokens(sentence).flatMap((t) => (t.kind === 'clock' ? [t.clock] : []));
  if (clocks.length >= 2 && Object.values(rangeTimes(clocks[0]!, clocks[1]!)).some((t) => times.has(t)))
    return true;
  return clocks.some((clock) => times.has(singleTime(clock) ?? ''));
}

/**
 * A question about a holiday ('open on christmas eve?'): the document's own sentences about that holiday, or null
 * when it names none (the normal way then); undefined when the question names no holiday.
 */
function holidayReply(
  question: AskedQuestion,
  facts: KeyFacts,
  passages: readonly Passage[],
  documentName: string,
): HoursReply | null | undefined {
  // Apostrophes kept: 'new year's eve' names New Year.
  const named = HOLIDAY.exec(fold(question.text))?.[0].replace(/s$/, '');
  if (!named) return undefined;
  const notes = facts.hoursNotes.filter((note) => fold(note).includes(named));
  if (notes.length === 0) return null;
  const used = [
    ...new Set(
      notes
        // A note that quotes the document's own question and its answer is printed with the question as heading.
        .map((note) => note.split(/\?\s+/).at(-1)!)
        .map((note) => passages.find((p) => p.text.includes(note)))
        .filter((p) => p !== undefined),
    ),
  ];
  const text = notes.map((note) => escapeMarkdownText(note)).join(' ');
  return { text: `${text}\n\n${sourceLine(used, documentName)}`, passages: used };
}

/** A sentence of prose, not a line of a list or a table ('Monday: 9am–5pm'). */
function isProse(sentence: string): boolean {
  return sentence.split(/\s+/).length >= 4 && /[.!?]$/.test(sentence) && !/^[^:]{1,30}:/.test(sentence);
}

/** The hours topic as the fact stage runs it (fact-replies.ts). */
export const HOURS_TOPIC: FactTopicRule = {
  topic: 'hours',
  rule: 'hours-facts',
  reply: (asked, source, documentName) =>
    hoursReply(asked, source.keyFacts, source.passages, documentName, { rules: source.rules }),
};
