/**
 * An amount of money as printed: a currency sign before digits ('$45', '£1,200', '€9.50'), with the top of a
 * range ('$300–500', '£38 - £45', '$10 to $20'), or a currency word after them ('45 dollars', '120 GBP'). Each alternative has a fixed shape, so a run of '$1,' is read once.
 */
export const MONEY =
  /(?<![\p{L}\d.,])(?:(?:US|CA|C|A|NZ)?[$£€¥]\s?(?:\d{1,3}(?:,\d{3})+|\d{1,7})(?:\.\d{2})?(?!\d)(?:(?:\s?[–—-]\s?[$£€¥]?|\sto\s[$£€¥])(?:\d{1,3}(?:,\d{3})+|\d{1,7})(?:\.\d{2})?(?![\d.,]\d))?|\d{1,7}(?:\.\d{2})?\s?(?:USD|GBP|EUR|CAD|AUD|NZD|dollars|pounds|euros)\b)/gu;

const UNIT_WORDS: Record<string, string> = {
  hour: 'hour',
  hr: 'hour',
  h: 'hour',
  night: 'night',
  lesson: 'lesson',
  session: 'session',
  person: 'person',
  head: 'head',
  guest: 'guest',
  day: 'day',
  week: 'week',
  wk: 'week',
  month: 'month',
  mo: 'month',
  year: 'year',
  yr: 'year',
  class: 'class',
  visit: 'visit',
  child: 'child',
  couple: 'couple',
  room: 'room',
  desk: 'desk',
  pet: 'pet',
  dog: 'dog',
  cat: 'cat',
  adult: 'adult',
  minute: 'minute',
  min: 'minute',
  term: 'term',
  course: 'course',
  hire: 'hire',
  use: 'use',
};
const ADVERBS: Record<string, string> = {
  hourly: 'per hour',
  nightly: 'per night',
  daily: 'per day',
  weekly: 'per week',
  monthly: 'per month',
  annually: 'per year',
  yearly: 'per year',
  pp: 'per person',
  pppn: 'per person per night',
  pn: 'per night',
  ph: 'per hour',
  each: 'each',
};
/**
 * The unit right after an amount, read from its start only: 'per' takes any noun ('per pair'), 'a'/'an' only a
 * known unit ('$45 a month', not '$45 and up'), and the short forms ('/night', 'pp', 'each').
 */
const UNIT_AFTER =
  /^\s?\(?(?:(?:per|\/|an?) ?((?:bundle|block|pack|package|book|set|course) of \d{1,3} [a-z]{1,20})\b|(per) ([a-z]{1,20})\b|(?:an|a|\/)\s?([a-z]+)|(hourly|nightly|daily|weekly|monthly|annually|yearly|pppn|pp|pn|ph|each)\b)/i;
/** A unit named anywhere in a short text: a table's column header ('Price per hour', 'Hourly rate'). */
const UNIT_IN = /(?:\bper |\/ ?)([a-z]+)|\b(hourly|nightly|daily|weekly|monthly|annually|yearly)\b/i;

/** A unit with its count ('per 15 min', '/ 30 minutes', 'per 10 lessons'): as printed. */
const COUNTED_UNIT =
  /^\s?(?:per|\/|for) ?(\d{1,3}) ?(minutes?|mins?|hours?|hrs?|days?|nights?|weeks?|months?|sessions?|lessons?|classes?)\b/i;

export function unitAfter(text: string): { unit: string; length: number } | null {
  const counted = COUNTED_UNIT.exec(text);
  if (counted) return { unit: `per ${counted[1]} ${counted[2]!.toLowerCase()}`, length: counted[0].length };
  const match = UNIT_AFTER.exec(text);
  // '€80 / bundle of 10 days', '£140 per block of 4 lessons'
  if (match?.[1]) return { unit: `per ${match[1].toLowerCase()}`, length: match[0].length };
  if (match?.[2] && match[3])
    return {
      unit: `per ${UNIT_WORDS[match[3].toLowerCase().replace(/s$/, '')] ?? match[3].toLowerCase()}`,
      length: match[0].length,
    };
  const unit = match && unitOf(match[4], match[5]);
  return unit ? { unit, length: match[0].length } : null;
}

export function unitIn(text: string): string | null {
  const match = UNIT_IN.exec(text);
  return match ? unitOf(match[1], match[2]) : null;
}

function unitOf(word: string | undefined, adverb: string | undefined): string | null {
  if (adverb) return ADVERBS[adverb.toLowerCase()] ?? null;
  const singular = word?.toLowerCase().replace(/s$/, '') ?? '';
  const unit = UNIT_WORDS[singular];
  return unit ? `per ${unit}` : null;
}
