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
