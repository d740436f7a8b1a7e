import { KEY_FACTS_MSG } from '@vuxo/shared/messages';
import type { Passage } from '../passages/types.js';
import type { KeyFacts } from './types.js';

/**
 * The owner's corrections of a bot's key facts: each kind given here replaces that kind of the extraction whole
 * (an empty list or a null address removes it). A kind left out follows the document (decision 039).
 */
export type KeyFactEdits = Partial<KeyFacts>;

const KINDS = ['phones', 'emails', 'websites', 'address', 'hours', 'hoursNotes', 'prices'] as const;

export const NO_KEY_FACTS: KeyFacts = {
  phones: [],
  emails: [],
  websites: [],
  address: null,
  hours: [],
  hoursNotes: [],
  prices: [],
};

/**
 * The facts the bot answers from: the document's, with the owner's edits over them (the owner's word wins).
 * Null when there is neither (an index built before key facts and no edits: answered as before).
 */
export function effectiveKeyFacts(
  extracted: KeyFacts | null | undefined,
  edits: KeyFactEdits | null | undefined,
): KeyFacts | null {
  if (!edits || Object.keys(edits).length === 0) return extracted ?? null;
  const facts: KeyFacts = { ...(extracted ?? NO_KEY_FACTS) };
  for (const kind of KINDS) {
    if (edits[kind] !== undefined) (facts as unknown as Record<string, unknown>)[kind] = edits[kind];
  }
  return facts;
}

/** Each kind once in a fixed key order, so two readings of the same facts compare equal as JSON. */
function canonical(facts: KeyFacts, kind: (typeof KINDS)[number]): string {
  return JSON.stringify(facts[kind], (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(
          Object.entries(value as Record<string, unknown>)
            .filter(([, v]) => v !== undefined)
            .sort(([a], [b]) => a.localeCompare(b)),
        )
      : value,
  );
}

/** The owner's edits as stored: the kinds of `wanted` that differ from the extraction (the rest follow it). */
export function editsBetween(extracted: KeyFacts | null | undefined, wanted: KeyFacts): KeyFactEdits {
  const base = extracted ?? NO_KEY_FACTS;
  const edits: Record<string, unknown> = {};
  for (const kind of KINDS) {
    if (canonical(base, kind) !== canonical(wanted, kind)) edits[kind] = wanted[kind];
  }
  return edits as KeyFactEdits;
}

/** How the bot names the owner's facts as its source, as for the owner's answers. */
export const OWNER_FACTS_HEADING = "the business's own answer";

const DAY_NAMES = KEY_FACTS_MSG.dayNames;

/** The facts as lines of text ('Phone: 01949 728288 (Reception)', 'Saturday: 10:00–14:00'). */
export function keyFactText(facts: KeyFacts): string[] {
  return [
    ...facts.phones.map((p) => `Phone: ${p.number}${p.label ? ` (${p.label})` : ''}`),
    ...facts.emails.map((e) => `Email: ${e}`),
    ...facts.websites.map((w) => `Website: ${w}`),
    ...(facts.address ? [`Address: ${facts.address}`] : []),
    ...facts.hours.map((h) => {
      const time = h.closed ? 'closed' : [h.opens, h.closes].filter(Boolean).join('–');
      return `${DAY_NAMES[h.day]}: ${[time, h.note].filter(Boolean).join(', ')}`;
    }),
    ...facts.hoursNotes,
    ...facts.prices.map((p) => `${p.item}: ${p.price}${p.unit ? ` ${p.unit}` : ''}`),
  ];
}

const ownerPassages = new WeakSet<Passage>();

/**
 * The owner's edited facts as one passage after the document's, so a rule that answers a fact with the passage
 * it is printed in finds the owner's too, and names it as the business's own answer. Null when the owner only
 * removed facts.
 */
export function ownerFactsPassage(edits: KeyFactEdits, ordinal: number): Passage | null {
  const lines = keyFactText({ ...NO_KEY_FACTS, ...edits });
  if (lines.length === 0) return null;
  const text = lines.join('\n');
  const passage: Passage = {
    ordinal,
    heading: OWNER_FACTS_HEADING,
    page: null,
    text,
    tokenCount: Math.ceil(text.length / 4),
  };
  ownerPassages.add(passage);
  return passage;
}

/** Whether the passage is the owner's facts rather than the document's (the model reads them apart). */
export const isOwnerFactsPassage = (passage: Passage): boolean => ownerPassages.has(passage);
