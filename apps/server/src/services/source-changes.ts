import { KEY_FACTS_MSG, type SourceChange, type SourceFactChange, type SourcePageChange } from '@vuxo/shared';
import { extractKeyFacts, type DayHours, type KeyFacts } from '../engine/facts/index.js';
import { NO_KEY_FACTS, type KeyFactEdits } from '../engine/facts/effective.js';

/** What a page kept for the owner to read, at most: a rewritten page lists its first sentences, not all. */
export const CHANGED_SENTENCES_MAX = 20;
const SENTENCE_MAX = 300;

interface PageText {
  url: string;
  title: string;
  text: string;
}

/** A page's sentences (and lines without a full stop: list items, table rows), each once, in order. */
export function sentencesOf(text: string): string[] {
  const seen = new Set<string>();
  for (const line of text.split(/\n+/)) {
    for (const piece of line.split(/(?<=[.!?])\s+(?=[\p{Lu}\p{N}"“$€£])/u)) {
      // A list item's bullet is the page's layout, not its words.
      const sentence = piece
        .replace(/\s+/g, ' ')
        .trim()
        .replace(/^[-*•·]\s+/, '');
      if (sentence.length > 1)
        seen.add(sentence.length > SENTENCE_MAX ? `${sentence.slice(0, SENTENCE_MAX)}…` : sentence);
    }
  }
  return [...seen];
}

const key = (text: string) => text.trim().toLowerCase();
const hoursText = (h: DayHours) => (h.closed ? 'closed' : [h.opens, h.closes].filter(Boolean).join('–'));

/** Each fact as a label and its value, the labels the owner reads ("Price of Full groom", "Saturday", "Phone"). */
function factValues(
  facts: KeyFacts,
): Map<string, { label: string; value: string; kind: keyof KeyFacts; item?: string }> {
  const values = new Map<string, { label: string; value: string; kind: keyof KeyFacts; item?: string }>();
  for (const p of facts.prices) {
    const label = `Price of ${p.item}`;
    values.set(key(label), {
      label,
      value: `${p.price}${p.unit ? ` ${p.unit}` : ''}`,
      kind: 'prices',
      item: p.item,
    });
  }
  const days = new Map<string, string[]>();
  for (const h of facts.hours) days.set(h.day, [...(days.get(h.day) ?? []), hoursText(h)]);
  for (const [day, times] of days) {
    const label = KEY_FACTS_MSG.dayNames[day as DayHours['day']];
    values.set(key(label), { label, value: times.join(', '), kind: 'hours' });
  }
  if (facts.phones.length)
    values.set('phone', {
      label: 'Phone',
      value: facts.phones.map((p) => p.number).join(', '),
      kind: 'phones',
    });
  if (facts.emails.length)
    values.set('email', { label: 'Email', value: facts.emails.join(', '), kind: 'emails' });
  if (facts.address) values.set('address', { label: 'Address', value: facts.address, kind: 'address' });
  return values;
}

/** The owner's own value of a fact the website changed, where the owner corrected that kind by hand (decision 039). */
function yoursOf(edits: KeyFactEdits | null, kind: keyof KeyFacts, label: string): string | undefined {
  if (!edits || edits[kind] === undefined) return undefined;
  const owned = factValues({ ...NO_KEY_FACTS, ...edits });
  return owned.get(key(label))?.value ?? '';
}

/** The key facts that changed between two readings of a page. */
export function factChanges(before: string, after: string, edits: KeyFactEdits | null): SourceFactChange[] {
  const old = factValues(extractKeyFacts(before));
  const now = factValues(extractKeyFacts(after));
  const changes: SourceFactChange[] = [];
  for (const k of new Set([...old.keys(), ...now.keys()])) {
    const was = old.get(k);
    const is = now.get(k);
    if (was?.value === is?.value) continue;
    const fact = (is ?? was)!;
    const yours = yoursOf(edits, fact.kind, fact.label);
    changes.push({
      label: fact.label,
      before: was?.value ?? null,
      after: is?.value ?? null,
      ...(yours !== undefined ? { yours } : {}),
    });
  }
  return changes;
}

/**
 * What changed between a source's last good read and this one, page by page (matched by address): the sentences
 * added and removed, and the key facts that changed. Pages equal in both are left out; null when none changed.
 */
export function sourceChange(
  before: readonly PageText[],
  after: readonly PageText[],
  edits: KeyFactEdits | null,
  at: string,
): SourceChange | null {
  const previous = new Map(before.map((page) => [page.url, page]));
  const pages: SourcePageChange[] = [];
  for (const page of after) {
    const old = previous.get(page.url);
    if (old?.text === page.text) continue;
    const was = new Set(sentencesOf(old?.text ?? ''));
    const is = sentencesOf(page.text);
    const now = new Set(is);
    pages.push({
      url: page.url,
      title: page.title,
      added: is.filter((s) => !was.has(s)).slice(0, CHANGED_SENTENCES_MAX),
      removed: [...was].filter((s) => !now.has(s)).slice(0, CHANGED_SENTENCES_MAX),
      facts: factChanges(old?.text ?? '', page.text, edits),
    });
  }
  return pages.length ? { changedAt: at, pages } : null;
}
