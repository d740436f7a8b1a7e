/** Words that end with a period without ending a sentence. */
const ABBREVIATION =
  /(?:^|[\s(])(?:dr|mr|mrs|ms|mx|prof|st|sr|jr|inc|ltd|co|corp|no|nos|vs|etc|approx|dept|ave|blvd|rd|mt|ft|est|tel|ext|fig|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|e\.g|i\.e|a\.m|p\.m|[a-z])\.$/i;
/** Enough of a sentence's end to hold any abbreviation above and the space before it. */
const ABBREVIATION_TAIL = 16;
/** Starts only at the first mark of a run ('...'), so a long run is scanned once, not once per mark. */
const BOUNDARY = /(?<![.!?…])[.!?…]+["'”’)\]]*\s+/g;

/** Splits prose into sentences; when unsure it does not split (a merged pair is harmless, a cut sentence is not). */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  for (const match of text.matchAll(BOUNDARY)) {
    const end = match.index + match[0].length;
    const before = text.slice(start, match.index + match[0].trimEnd().length);
    const nextChar = text[end] ?? '';
    if (!/["'“‘([\p{Lu}\d]/u.test(nextChar)) continue;
    if (before.endsWith('.') && ABBREVIATION.test(before.slice(-ABBREVIATION_TAIL))) continue;
    sentences.push(before.trim());
    start = end;
  }
  const rest = text.slice(start).trim();
  if (rest) sentences.push(rest);
  return sentences.filter(Boolean);
}

export function wordCount(text: string): number {
  let count = 0;
  for (const _ of text.matchAll(/\S+/g)) count++;
  return count;
}
