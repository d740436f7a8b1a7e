/** Question templates for topics visitors ask about, each asked only when the document speaks of it. */

export interface DocumentView {
  /** All passage text, joined. */
  text: string;
  /** Every heading path part, deduplicated, in order. */
  headings: string[];
}

export interface Topic {
  id: string;
  ask(doc: DocumentView): string | null;
}

const has = (doc: DocumentView, pattern: RegExp) =>
  pattern.test(doc.text) || doc.headings.some((h) => pattern.test(h));
const when = (id: string, pattern: RegExp, question: string): Topic => ({
  id,
  ask: (doc) => (has(doc, pattern) ? question : null),
});

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
      return `How much ${plural ? 'do' : 'does'} ${article}${casual(item)} cost?`;
    }
    return has(doc, /\b(?:fees|prices|pricing|rates)\b/i) ? 'What are your prices?' : null;
  },
};

const offeredItem: Topic = {
  id: 'offer',
  ask(doc) {
    const match = OFFER.exec(doc.text);
    const first = match?.[2]?.split(/,|\band\b|\bor\b/)[0]?.trim();
    if (!match || !first || first.split(/\s+/).length > 5) return null;
    if (/\b(?:you|your|our|a wide|many|variety|range|services|products)\b/i.test(first)) return null;
    return `Do you ${match[1]?.toLowerCase()} ${casual(first)}?`;
  },
};

const booking: Topic = {
  id: 'booking',
  ask(doc) {
    if (has(doc, /\bappointments?\b/i) && has(doc, /\bbook/i)) return 'How do I book an appointment?';
    if (has(doc, /\breserv(?:e|ation)/i)) return 'How do I make a reservation?';
    return has(doc, /\bbook(?:ing)? (?:online|by phone|a |an |your )/i) ? 'How can I book?' : null;
  },
};

const delivery: Topic = {
  id: 'delivery',
  ask(doc) {
    if (has(doc, /\bshipping\b/i)) return 'How long does shipping take?';
    if (has(doc, /\bdelivery\b/i)) return 'Do you offer delivery?';
    return has(doc, /\bdeliver(?:s|ed)?\b/i) ? 'Do you deliver?' : null;
  },
};

/** In the order a visitor is most likely to care about. */
export const TOPICS: Topic[] = [
  {
    id: 'hours',
    ask: (doc) =>
      HOURS.test(doc.text) || doc.headings.some((h) => /\bhours\b/i.test(h))
        ? 'What are your opening hours?'
        : null,
  },
  when(
    'location',
    /\b(?:located (?:at|in|on)|our address|find us at|address:)|^(?:location|address)/im,
    'Where are you located?',
  ),
  priceOfItem,
  when('menu', /\bmenu\b/i, 'What is on your menu?'),
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
  when('contact', /\b(?:phone|call us|e-?mail|contact us)\b/i, 'How can I contact you?'),
  when('first-visit', /\bfirst (?:visit|appointment|session)\b/i, 'What happens at my first visit?'),
  when('insurance', /\binsurance\b/i, 'Do you accept insurance?'),
  when('accessibility', /\bwheelchair\b/i, 'Are you wheelchair accessible?'),
  when('gift-cards', /\bgift cards?\b/i, 'Do you sell gift cards?'),
  offeredItem,
];
