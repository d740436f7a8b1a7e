/**
 * The key facts the build stored for each document (decision 037), as a visitor's everyday questions will read
 * them: one block per document, an empty fact shown as '—' (never guessed).
 */
import type { KeyFacts } from '../../apps/server/src/engine/facts/index.js';
import { clockText } from '../../apps/server/src/engine/answer/topics/hours.js';

const DAY_NAMES = { mon: 'Mon', tue: 'Tue', wed: 'Wed', thu: 'Thu', fri: 'Fri', sat: 'Sat', sun: 'Sun' };
const none = (items: readonly string[]) => (items.length ? items.join('; ') : '—');

export function keyFactsListing(name: string, facts: KeyFacts | null): string {
  if (!facts) return `${name}\n  (no key facts stored)`;
  const hours = facts.hours.map((h) => {
    const span = h.closed
      ? 'closed'
      : [h.opens ? clockText(h.opens) : '', h.closes ? clockText(h.closes) : '']
          .join('–')
          .replace(/^–|–$/, '');
    return `${DAY_NAMES[h.day]} ${span || h.note || ''}`.trim();
  });
  const prices = facts.prices.map(
    (p) => `${p.item}${p.section ? ` [${p.section}]` : ''} ${p.price}${p.unit ? ` ${p.unit}` : ''}`,
  );
  return [
    name,
    `  phones:   ${none(facts.phones.map((p) => (p.label ? `${p.number} (${p.label})` : p.number)))}`,
    `  emails:   ${none(facts.emails)}`,
    `  websites: ${none(facts.websites)}`,
    `  address:  ${facts.address ?? '—'}`,
    `  hours:    ${none(hours)}${facts.hoursNotes.length ? ` | notes: ${facts.hoursNotes.join(' ')}` : ''}`,
    `  prices:   ${prices.length ? `${prices.length}: ${prices.join('; ')}` : '—'}`,
  ].join('\n');
}
