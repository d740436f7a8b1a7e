/** "What your bot knows": the key facts the owner sees and corrects (zod-free; schemas/key-facts.ts validates). */

/** A day of the week, Monday first, as the key facts name it. */
export const KEY_FACT_DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type KeyFactDay = (typeof KEY_FACT_DAYS)[number];

/** The kinds of key fact; the owner's edit of one kind replaces that kind whole (decision 039). */
export const KEY_FACT_KINDS = [
  'phones',
  'emails',
  'websites',
  'address',
  'hours',
  'hoursNotes',
  'prices',
] as const;
export type KeyFactKind = (typeof KEY_FACT_KINDS)[number];

/** The most of each list an owner can keep, and the longest of each field. */
export const KEY_FACTS_LIMITS = {
  phones: 20,
  emails: 30,
  websites: 20,
  hours: 70,
  hoursNotes: 10,
  prices: 200,
  phoneChars: 40,
  labelChars: 80,
  emailChars: 254,
  websiteChars: 500,
  addressChars: 400,
  noteChars: 400,
  itemChars: 200,
  priceChars: 60,
  unitChars: 60,
} as const;

/** A time of day as the key facts keep it: 24-hour 'HH:MM'. */
export const KEY_FACT_TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
