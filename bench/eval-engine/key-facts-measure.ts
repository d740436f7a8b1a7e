/**
 * Key facts measured against the corpus's own (issue 44, point 9): per kind, the share of the facts the build found
 * that the document's writer listed (precision) and of those listed that it found (recall). Values are compared in
 * one form each: phone digits, lower-case emails, bare website hosts, price amounts, clock times, address words.
 */
import type { KeyFacts } from '../../apps/server/src/engine/facts/index.js';
import type { CorpusQuestions } from '../support/corpus.js';
import { pct } from '../support/eval-sets.js';
import { tableText } from '../support/print-table.js';

type Gold = CorpusQuestions['key_facts'];
const KINDS = ['phones', 'emails', 'websites', 'address', 'hours', 'prices'] as const;
type Kind = (typeof KINDS)[number];

const phone = (text: string) =>
  text
    .toLowerCase()
    .replace(/\([^()\d]*\)/g, '')
    .replace(/[^0-9a-z]/g, '')
    .replace(/^(44|1|61|64)(?=\d{9,})/, '');
const email = (text: string) => text.trim().toLowerCase();
const site = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/^www\./, '')
    .replace(/\/.*$/, '');
const amounts = (text: string) =>
  [...text.replace(/,(?=\d{3})/g, '').matchAll(/\d+(?:\.\d+)?/g)].map((m) => String(Number(m[0])));
const words = (text: string) => new Set(text.toLowerCase().match(/[a-z0-9]+/g) ?? []);
/** Clock times in 24-hour 'HH:MM' from a line such as 'Mon–Fri 8am–6pm' or '09:00 - 17:30'. */
function clockTimes(text: string): string[] {
  const times: string[] = [];
  for (const m of text.toLowerCase().matchAll(/\b(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?/g)) {
    let hour = Number(m[1]);
    const minutes = m[2] ?? '00';
    const half = m[3]?.[0];
    if (!half && !m[2]) continue; // a bare number is no time
    if (half === 'p' && hour < 12) hour += 12;
    if (half === 'a' && hour === 12) hour = 0;
    if (hour > 24) continue;
    times.push(`${String(hour).padStart(2, '0')}:${minutes}`);
  }
  return times;
}

interface Tally {
  found: number;
  foundRight: number;
  listed: number;
  listedFound: number;
}
const empty = (): Tally => ({ found: 0, foundRight: 0, listed: 0, listedFound: 0 });

/** Counts one document's facts into the tallies; what differs goes to `differences` ('+' found, not listed). */
function tallyDocument(
  tallies: Record<Kind, Tally>,
  built: KeyFacts,
  gold: Gold,
  differences: string[],
): void {
  const sets = (kind: Kind, mine: string[], theirs: string[]) => {
    const a = new Set(mine.filter(Boolean));
    const b = new Set(theirs.filter(Boolean));
    const t = tallies[kind];
    t.found += a.size;
    t.foundRight += [...a].filter((x) => b.has(x)).length;
    t.listed += b.size;
    t.listedFound += [...b].filter((x) => a.has(x)).length;
    for (const x of a) if (!b.has(x)) differences.push(`  ${kind} + ${x}`);
    for (const x of b) if (!a.has(x)) differences.push(`  ${kind} - ${x}`);
  };
  sets(
    'phones',
    built.phones.map((p) => phone(p.number)),
    gold.phones.map(phone),
  );
  sets('emails', built.emails.map(email), gold.emails.map(email));
  sets('websites', built.websites.map(site), gold.websites.map(site));
  sets(
    'prices',
    built.prices.flatMap((p) => amounts(p.price)),
    gold.prices.flatMap((p) => amounts(p.price)),
  );
  sets(
    'hours',
    built.hours.flatMap((h) => [h.opens ?? '', h.closes ?? '']),
    gold.hours.flatMap(clockTimes),
  );
  // One address each. The one found is listed when its words are in the list's (the list may add the company's
  // name, or a second address: 'MNT Research GmbH, Fehlerstr. 8, 12161 Berlin'); the listed one is found when most
  // of its words are in the one found.
  const t = tallies.address;
  const mine = built.address ? words(built.address) : null;
  const theirs = gold.address ? words(gold.address) : null;
  const share = (a: Set<string>, b: Set<string>) =>
    [...a].filter((w) => b.has(w)).length / Math.max(1, a.size);
  const listed = !!mine && !!theirs && share(mine, theirs) >= 0.9;
  const found = !!mine && !!theirs && share(mine, theirs) >= 0.6 && share(theirs, mine) >= 0.6;
  if (mine) t.found += 1;
  if (theirs) t.listed += 1;
  if (listed || found) t.foundRight += 1;
  if (found) t.listedFound += 1;
  if (!found && (built.address || gold.address)) {
    differences.push(`  address + ${built.address ?? '—'}`, `  address - ${gold.address ?? '—'}`);
  }
}

/**
 * The table per kind over the documents given: precision (goal ≥ 95 %) and recall; and, per document, the facts
 * found but not listed ('+') and listed but not found ('-').
 */
export function keyFactsMeasure(documents: readonly { name: string; built: KeyFacts | null; gold: Gold }[]): {
  table: string;
  differences: string;
} {
  const tallies = Object.fromEntries(KINDS.map((kind) => [kind, empty()])) as Record<Kind, Tally>;
  const differences: string[] = [];
  for (const { name, built, gold } of documents) {
    if (!built) continue;
    const mine: string[] = [];
    tallyDocument(tallies, built, gold, mine);
    if (mine.length) differences.push(name, ...mine);
  }
  const table = tableText(
    `Key facts against the corpus's lists (${documents.length} documents; issue 44: precision ≥ 95 %)`,
    [
      ['kind', 'precision (found that are listed)', 'recall (listed that are found)'],
      ...KINDS.map((kind) => {
        const t = tallies[kind];
        return [kind, pct(t.foundRight, t.found), pct(t.listedFound, t.listed)];
      }),
    ],
  );
  return { table, differences: `${differences.join('\n')}\n` };
}
