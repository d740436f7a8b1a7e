import type { Match } from './fuzzy.js';
import { terms } from './text-analysis.js';

/**
 * Common business words that mean the same thing to a visitor, stemmed like the index. Hub words are synonyms
 * of each other and of the members; members only lead to the hub ('saturday' → 'weekend', never 'sunday').
 * Keep groups tight: each word here widens every query that uses it.
 */
const GROUPS: [hub: string, members?: string][] = [
  ['hours open opening close closing closed'],
  ['weekend', 'saturday sunday'],
  ['weekday', 'monday tuesday wednesday thursday friday'],
  ['price pricing cost fee charge rate expensive cheap afford', 'free paid cheaper cheapest'],
  ['pay payment paid payable', 'card credit debit cash cheque visa mastercard etransfer'],
  ['refund return reimburse exchange moneyback'],
  ['book booking reserve reservation appointment', 'visit session schedule'],
  ['location located locate address where directions situated'],
  ['contact reach', 'phone call telephone email enquiry enquiries inquiry inquiries'],
  ['parking park', 'garage'],
  ['delivery deliver shipping ship shipment courier'],
  ['cancel cancellation', 'reschedule'],
  ['staff team employee'],
  ['accessible accessibility disability disabled', 'wheelchair ramp elevator'],
  ['pet animal', 'dog cat rabbit hamster bird puppy kitten'],
  ['dog puppy'],
  ['cat kitten'],
  ['rabbit bunny'],
  ['wifi internet'],
  ['child children kid', 'son daughter toddler'],
  ['discount promotion coupon deal sale'],
  ['insurance insurer insured'],
  ['wear clothing clothes dress attire'],
  ['owner founder founded established'],
  // 'How long have you been in business?' is answered by 'since 1927' or 'founded in 2016'.
  ['since', 'founded established'],
  ['author creator writer', 'copyright'],
  ['own belong property'],
  ['remove expel ban', 'kick'],
  ['memory', 'ram'],
  ['small tiny little'],
  ['large big bigger larger huge'],
  ['limit maximum cap ceiling', 'max'],
  ['expire expiry expiration valid'],
  ['late delay delayed'],
  ['holiday', 'christmas easter thanksgiving'],
  ['menu food dish meal cuisine'],
  ['event party function celebration'],
  ['job career hiring vacancy'],
  ['trial', 'try'],
  ['capacity', 'fit accommodate'],
  ['emergency urgent asap', 'hurt injury injured accident pain'],
  ['pain ache aching hurt sore painful', 'toothache headache backache'],
  // 'Do you come out at night?' is answered by '24 hours a day'.
  ['night overnight', '24 evening'],
  ['tax vat gst iva'],
  ['woman women female lady ladies'],
  ['haircut', 'trim'],
  ['deadline due'],
  ['beginner novice newbie', 'starter'],
  ['vegan', 'vegetarian plantbased dairyfree'],
  ['man men male gentleman gents'],
];

/**
 * Question phrases that stand for a topic the words alone miss; the phrase is then taken out of the question.
 * `counted: false` only helps ranking.
 */
export const INTENTS: { pattern: RegExp; group: string; counted: boolean }[] = [
  { pattern: /\bhow much\b/g, group: 'price', counted: false },
  { pattern: /\bwhere\b/g, group: 'location', counted: false },
  { pattern: /\bmoney back\b/g, group: 'refund', counted: true },
  { pattern: /\b(?:get|be|keep) in touch\b/g, group: 'contact', counted: true },
  { pattern: /\bwhat time\b/g, group: 'hours', counted: true },
  {
    pattern: /\b(?:the )?most (?:i|you|we|they|one|someone|anyone|a person) (?:can|could|may)\b/g,
    group: 'limit',
    counted: true,
  },
  { pattern: /\bhow old\b|\b\d+[- ]years?[- ]olds?\b/g, group: 'age', counted: true },
  { pattern: /\bwho (?:wrote|authored|created|made|developed)\b/g, group: 'author', counted: true },
  // Who is behind the business ('who owns the shop?'), not whose a thing is ('who owns it?').
  {
    pattern:
      /\bwho (?:owns|runs|started|founded|set up)\b(?! (?:it|this|that|them|these|those|my|your|our|his|her|their)\b)/g,
    group: 'owner',
    counted: true,
  },
  {
    pattern:
      /\bhow long (?:have|has) (?:you|u|ya|they|it|the [a-z]+|your [a-z]+) been (?:around|going|open|in business|trading|operating|running|here)\b/g,
    group: 'since',
    counted: true,
  },
  { pattern: /\bhow (?:long|soon|far ahead|far in advance)\b/g, group: 'duration', counted: false },
];

/**
 * Phrases that stand for a subject in a visitor's words, read like INTENTS by the owner's saved answers only
 * (corrections.ts, decision 106). Not in the search: there the words themselves find passages ('up 24/7' is about
 * uptime, 'log in the first time' about a first login), which the evaluation showed these phrases cost.
 */
export const TOPIC_PHRASES: { pattern: RegExp; group: string }[] = [
  // Booking in a visitor's words: 'can you fit me in today?', 'can I get seen?'.
  {
    pattern: /\b(?:fit|squeeze) (?:me|us|him|her|them|my [a-z]+) in\b|\b(?:get|be) seen\b/g,
    group: 'book',
  },
  // Outside the usual hours: answered by '24 hours a day' or 'at night'.
  {
    pattern: /\b24 ?\/ ?7\b|\b(?:out of|after) hours\b|\bround the clock\b/g,
    group: 'night',
  },
  { pattern: /\bplant[- ]based\b/g, group: 'plantbased' },
  { pattern: /\b(?:dairy|milk|lactose)[- ]free\b|\bnon[- ]dairy\b/g, group: 'dairyfree' },
  // New to it: 'a first timer', 'never done yoga', 'new to climbing'.
  {
    pattern: /\bfirst[- ]tim(?:e|er|ers)\b|\bnever (?:done|tried|been|did)\b|\bnew to\b/g,
    group: 'beginner',
  },
  // Welcome, said of who may come: 'dog friendly', 'kid-friendly'.
  {
    pattern: /(?<=\b(?:pet|pets|dog|dogs|child|children|kid|kids|family|baby) ?-?)friendly\b/g,
    group: 'allow',
  },
];

const DURATION = ['minute', 'hour', 'day', 'week', 'month', 'year', 'last'];

/** How much a synonym match counts, relative to the visitor's own word: hub ↔ hub, hub ↔ member. */
export const SYNONYM_FACTOR = { hub: 0.8, member: 0.65 } as const;

const stemOf = (word: string): string => terms(word).join('') || word;

type Links = Map<string, Map<string, number>>;

function linkGroups(groups: [hub: string, members?: string][], byTerm: Links = new Map()): Links {
  const link = (from: string, to: string[], factor: number) => {
    const map = byTerm.get(from) ?? new Map<string, number>();
    for (const t of to) if (t !== from) map.set(t, Math.max(map.get(t) ?? 0, factor));
    byTerm.set(from, map);
  };
  for (const [hub, members = ''] of groups) {
    const hubs = hub.split(' ').map(stemOf);
    const others = members.split(' ').filter(Boolean).map(stemOf);
    for (const h of hubs) {
      link(h, hubs, SYNONYM_FACTOR.hub);
      link(h, others, SYNONYM_FACTOR.member);
    }
    for (const m of others) link(m, hubs, SYNONYM_FACTOR.member);
  }
  return byTerm;
}

const BY_TERM = linkGroups(GROUPS);

/**
 * Groups for telling whether two questions ask the same thing (the owner's saved answers, decision 106), not for the
 * search: 'allowed' widened to 'permitted' and 'accept' cost the search a policy document's answer.
 */
const QUESTION_GROUPS: [hub: string, members?: string][] = [
  ['allow allowed permit permitted accept', 'welcome friendly'],
];
const BY_TERM_IN_QUESTIONS = linkGroups(QUESTION_GROUPS, linkGroups(GROUPS));

/** The terms a term stands for when two questions are compared: synonymsOf, and QUESTION_GROUPS. */
export function questionSynonymsOf(term: string): Match[] {
  return [...(BY_TERM_IN_QUESTIONS.get(term) ?? [])].map(([t, factor]) => ({ term: t, factor }));
}

/** The terms the term's groups relate it to, with how much each counts. */
export function synonymsOf(term: string): Match[] {
  return [...(BY_TERM.get(term) ?? [])].map(([t, factor]) => ({ term: t, factor }));
}

/** An intent's head term and its alternatives. */
export function intentTerms(group: string): { head: string; others: Match[] } {
  if (group === 'duration') {
    return {
      head: 'duration',
      others: DURATION.map((w) => ({ term: stemOf(w), factor: SYNONYM_FACTOR.hub })),
    };
  }
  const head = stemOf(group);
  return { head, others: synonymsOf(head) };
}
