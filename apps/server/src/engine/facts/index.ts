import { findAddress } from './address.js';
import { findEmails } from './emails.js';
import { findHours } from './hours.js';
import { factLines } from './lines.js';
import { findPhones } from './phones.js';
import { findPrices } from './prices.js';
import type { KeyFacts } from './types.js';
import { findWebsites } from './websites.js';

export type { Day, DayHours, KeyFacts, PhoneFact, PriceFact } from './types.js';

/** The most of each list kept: a document's key facts fit on one screen; a hostile one cannot flood the list. */
export const KEY_FACTS_MAX = { phones: 20, emails: 30, websites: 20, hours: 70, hoursNotes: 10, prices: 200 };

/**
 * The facts visitors ask about first — phone, email, website, street address, opening hours, prices — read from a
 * document's extracted text. Work is linear in the text's length: every pattern runs on pieces of bounded size.
 */
export function extractKeyFacts(text: string): KeyFacts {
  const lines = factLines(text);
  const { hours, notes } = findHours(lines);
  const emails = findEmails(text).slice(0, KEY_FACTS_MAX.emails);
  return {
    phones: findPhones(lines).slice(0, KEY_FACTS_MAX.phones),
    emails,
    websites: findWebsites(lines, emails).slice(0, KEY_FACTS_MAX.websites),
    address: findAddress(lines),
    hours: hours.slice(0, KEY_FACTS_MAX.hours),
    hoursNotes: notes.slice(0, KEY_FACTS_MAX.hoursNotes),
    prices: findPrices(lines, KEY_FACTS_MAX.prices),
  };
}
