/** Question templates for topics visitors ask about, each asked only when the document speaks of it. */

export interface DocumentView {
  /** All passage text, joined. */
  text: string;
  /** Every heading path part, deduplicated, in order. */
  headings: string[];
}

/**
 * Where a sure answer to a suggestion must come from, so that it is about what the question asks (decision 107): the
 * key facts (an everyday question answered from a passage is one that matched a word in another sense, 'open
 * source' for opening hours), a passage holding the pattern, or a passage under the heading it was made from.
 */
export interface Evidence {
  facts?: true;
  passage?: RegExp;
  heading?: string;
}

/** A question to suggest, and what a sure answer to it must come from. */
export interface Suggestion {
  question: string;
  evidence: Evidence;
}

export interface Topic {
  id: string;
  ask(doc: DocumentView): Suggestion | null;
}

const has = (doc: DocumentView, pattern: RegExp) =>
  pattern.test(doc.text) || doc.headings.some((h) => pattern.test(h));
/** The topic's question when the document speaks of it; a sure answer must come from a passage that does too. */
const when = (id: string, pattern: RegExp, question: string): Topic => ({
  id,
  ask: (doc) => (has(doc, pattern) ? { question, evidence: { passage: pattern } } : null),
});
/** An everyday topic the key facts answer: asked when the document speaks of it, kept when the facts answer it. */
const fromFacts = (id: string, pattern: RegExp, question: string): Topic => ({
  id,
  ask: (doc) => (has(doc, pattern) ? { question, evidence: { facts: true } } : null),
});
/** A word, escaped, as whole words in a pattern. */
const wordsPattern = (text: string) =>
  new RegExp(`\\b${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+')}\\b`, 'i');

const DAYS = '(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*|daily|every day|weekdays|weekends|24/7';
const HOURS = new RegExp(
  '\\b(?:opening hours|business hours|hours of operation|opening times)\\b|\\bopens? (?:at|from|until) \\d|' +
    `\\bopen\\b[^.]{0,60}\\b(?:${DAYS})\\b|\\b(?:${DAYS})\\b (?:to|through|-|–) (?:${DAYS})\\b[^.]{0,20}\\d`,
  'i',
);
const PRICE =
  /\b(?:([Aa]n?|[Tt]he|[Oo]ur|[Ee]ach)\s+)?((?:[\w'’-]+\s+){0,4}?[\w'’-]+)\s+(costs?|is|are)\s+(?:only\s+|just\s+)?[$€£]\s?\d/;
/** A price sentence is short; the pattern's backtracking grows with the square of a sentence's length. */
const PRICE_SENTENCE_MAX = 300;
const OFFER = /\b(?:we|our \w+)\s+(?:also\s+)?(offer|provide|sell|carry|stock)s?\s+([^.;:]+)/i;
/**
 * A word that ends like an adjective or a participle ('thoughtful', 'qualified', 'effective'): no thing to offer or
 * ask about, so 'We provide thoughtful, gentle care' asks nothing rather than 'Do you provide thoughtful?'.
 */
export const ADJECTIVE_END = /(?:ful|ous|ive|able|ible|less|ly|\p{L}{3}ed)$/iu;
/** Food and drink menus, not a website's 'drop-down menu'. */
const MENU =
  /\b(?:our|lunch|dinner|breakfast|brunch|drinks?|food|tasting|set|seasonal|children'?s|kids'?|wine|dessert|beer|cocktail|bar|daily|sample)\s+menus?\b|^menus?$/im;
/** A reservation one makes, not 'we reserve the right' nor a reservations@ address. */
const RESERVATION =
  /\breservations?\b(?![@.]\w)|\breserve (?:a|an|your) (?:table|room|spot|place|seat|space|desk|date|slot|tour)\b/i;
/** Delivery as a service ('free delivery', 'we deliver to'), not 'denture delivery' nor 'delivered on schedule'. */
const DELIVERY =
  /\b(?:free|same[- ]day|next[- ]day|home|local|fast|express|contactless)\s+deliver(?:y|ies)\b|\bdeliver(?:y|ies)\s+(?:to|across|within|in|areas?|charges?|fees?|service|options?|is free|is available)\b|\bwe (?:also )?deliver\b|\bdeliver(?:s|ed)? (?:to your|to you|straight|directly|locally|nationwide|worldwide)\b/i;
const SHIPPING = /\b(?:free |fast |express )?shipping\b(?! (?:container|address of the))/i;
const PRONOUNS = /^(?:it|this|that|these|those|which|what|there|price|cost|fee|total)$/i;

/** Lowercases words that are only capitalised because they start the sentence. */
function casual(phrase: string): string {
  const words = phrase.split(/\s+/);
  const first = words[0] ?? '';
  const restLower = words.slice(1).every((w) => w === w.toLowerCase());
  if (restLower && /^\p{Lu}\p{Ll}+$/u.test(first)) words[0] = first.toLowerCase();
  return words.join(' ');
}

const priceOfItem: Topic = {
  id: 'price',
  ask(doc) {
    for (const sentence of doc.text.split(/(?<=[.!?])\s+|\n+/)) {
      if (sentence.length > PRICE_SENTENCE_MAX) continue;
      const m = PRICE.exec(sentence);
      const item = m?.[2];
      if (!m || !item || PRONOUNS.test(item) || PRONOUNS.test(item.split(/\s+/)[0] ?? '')) continue;
      const article = m[1] ? `${m[1].toLowerCase()} ` : '';
      const plural = m[3] === 'cost' || m[3] === 'are';
      return {
        question: `How much ${plural ? 'do' : 'does'} ${article}${casual(item)} cost?`,
        evidence: { facts: true, passage: wordsPattern(item) },
      };
    }
    return has(doc, /\b(?:fees|prices|pricing|rates)\b/i)
      ? { question: 'What are your prices?', evidence: { facts: true } }
      : null;
  },
};

const offeredItem: Topic = {
  id: 'offer',
  ask(doc) {
    const match = OFFER.exec(doc.text);
    const first = match?.[2]?.split(/,|\band\b|\bor\b/)[0]?.trim();
    if (!match || !first || first.split(/\s+/).length > 5) return null;
    if (/\b(?:you|your|our|a wide|many|variety|range|services|products)\b/i.test(first)) return null;
    if (ADJECTIVE_END.test(first)) return null;
    return {
      question: `Do you ${match[1]?.toLowerCase()} ${casual(first)}?`,
      evidence: { passage: wordsPattern(first) },
    };
  },
};

const BOOK_ONLINE = /\bbook(?:ing)? (?:online|by phone|a |an |your )/i;
const booking: Topic = {
  id: 'booking',
  ask(doc) {
    if (has(doc, /\bappointments?\b/i) && has(doc, /\bbook/i))
      return {
        question: 'How do I book an appointment?',
        evidence: { passage: /\bbook\w*\b[^.]*\bappointments?\b|\bappointments?\b[^.]*\bbook/i },
      };
    if (has(doc, RESERVATION))
      return { question: 'How do I make a reservation?', evidence: { passage: RESERVATION } };
    return has(doc, BOOK_ONLINE) ? { question: 'How can I book?', evidence: { passage: BOOK_ONLINE } } : null;
  },
};

const delivery: Topic = {
  id: 'delivery',
  ask(doc) {
    if (has(doc, SHIPPING))
      return { question: 'How long does shipping take?', evidence: { passage: SHIPPING } };
    if (!has(doc, DELIVERY)) return null;
    const question = has(doc, /\bdeliver(?:y|ies)\b/i) ? 'Do you offer delivery?' : 'Do you deliver?';
    return { question, evidence: { passage: DELIVERY } };
  },
};

/** In the order a visitor is most likely to care about. */
export const TOPICS: Topic[] = [
  {
    id: 'hours',
    ask: (doc) =>
      HOURS.test(doc.text) || doc.headings.some((h) => /\bhours\b/i.test(h))
        ? { question: 'What are your opening hours?', evidence: { facts: true } }
        : null,
  },
  fromFacts(
    'location',
    /\b(?:located (?:at|in|on)|our address|find us at|address:)|^(?:location|address)/im,
    'Where are you located?',
  ),
  priceOfItem,
  when('menu', MENU, 'What is on your menu?'),
  when('services', /\bservices\b/i, 'What services do you offer?'),
  when('products', /\bproducts\b/i, 'What products do you offer?'),
  booking,
  when('cancellation', /\bcancel/i, 'What is your cancellation policy?'),
  when('refund', /\brefunds?\b/i, 'What is your refund policy?'),
  when('returns', /\breturn policy\b|\breturns? (?:within|are accepted)\b/i, 'What is your return policy?'),
  when(
    'payment',
    /\b(?:we accept|payment methods?|pay (?:by|with))\b[^.]{0,80}\b(?:visa|mastercard|debit|credit|cash|paypal|cheques?|checks?|e-?transfer|apple pay)\b/i,
    'What payment methods do you accept?',
  ),
  delivery,
  when('parking', /\bparking\b/i, 'Is parking available?'),
  fromFacts('contact', /\b(?:phone|call us|e-?mail|contact us)\b/i, 'How can I contact you?'),
  when('first-visit', /\bfirst (?:visit|appointment|session)\b/i, 'What happens at my first visit?'),
  when('insurance', /\binsurance\b/i, 'Do you accept insurance?'),
  when('accessibility', /\bwheelchair\b/i, 'Are you wheelchair accessible?'),
  when('gift-cards', /\bgift cards?\b/i, 'Do you sell gift cards?'),
  offeredItem,
];
