/**
 * Topic: price ("How much is …?"), answered from the key facts. Rule `price-facts`, decision 040; its measured worth on the
 * corpus's validate part is kept with the rule in ../../rules.ts (ENGINE_RULES['price-facts'].validateWorth).
 */
import type { KeyFacts, PriceFact } from '../../facts/index.js';
import { splitSentences, type Passage } from '../../passages/index.js';
import type { EngineRules } from '../../rules.js';
import { specificity } from '../../retrieval/specificity.js';
import { fold, isStopWord, terms } from '../../retrieval/text-analysis.js';
import type { AskedQuestion, Vocabulary } from '../asked-question.js';
import type { FactTopicRule } from './topic.js';
import { escapeMarkdownText } from '../markdown-safety.js';
import { sourceLine } from '../source-line.js';

/**
 * "How much is a women's haircut?" answered from the document's price list (key facts, decision 037): the item,
 * its price and unit first, with the part of the document it is printed in. Only a question that asks for a price
 * and whose every subject word the list names (in the item, its section or its unit) is one; any other question
 * goes the normal way, so a price list never answers for a thing it does not list.
 */

/** A question that asks what something costs ('how much', 'price', 'what do you charge'). */
const ASKS_PRICE =
  /\b(?:how much|prices?|pricing|priced|costs?|costing|fees?|charges?|rates?|tariffs?|how expensive|pay for|cheaper|cheapest|discounts?|save|saving)\b/;
/** Near spellings of the price words a visitor types ('pirce', 'prise', 'cots'). */
const NEAR: Vocabulary = { words: ['price', 'cost', 'fees'], minLength: 4 };

/**
 * Words that say how or how much is bought rather than what: they need not be in the list. Verbs of buying,
 * amounts and the usual units, and question filler.
 */
const SOFT = new Set(
  terms(
    'how much price prices pricing priced cost costs fee fees charge charges rate rates tariff expensive pay ' +
      'use rent hire book buy get take have do need want go cheap cheaper cheapest discount save saving current currently usual usually normal ' +
      'typical roughly approximately approx about around just only single each per one a an the your you we i ' +
      'hour hours day days night nights week weeks month months year person people session time visit',
  ),
);

/** An item that is the fee of what its section names. */
const FEE_ITEM = /\b(?:fees?|charges?|costs?|prices?)$/i;
/**
 * A question about a fee ('is there a fee if I miss appointments?') is also answered by a deposit or surcharge
 * its section names; 'how much is the tasting menu?' is not, by the tasting menu's booking deposit.
 */
const ASKS_FEE = /\b(?:fees?|charges?|charged|deposits?|penalty|penalties|surcharges?)\b/i;
const CHARGE_ITEM = /\b(?:deposits?|surcharges?|supplements?|penalty|penalties)$/i;
/** A word in this share of the passages (of a document with at least so many) is the document's subject. */
const SUBJECT_SHARE = 0.3;
const SUBJECT_MIN_PASSAGES = 8;

/** What the price rule reads of the bot's knowledge. */
export interface PriceSource {
  readonly passages: readonly Passage[];
  documentFrequency(term: string): number;
  readonly rules: EngineRules;
}

/** How strongly each place of a price fact names what the question asks for. */
const WEIGHT = { item: 2, section: 1, unit: 1 } as const;

export interface PriceReply {
  text: string;
  passages: Passage[];
  /** The list names all but one of the question's words: the closest prices, given as unsure (issue 44). */
  partial?: true;
}

interface Scored {
  fact: PriceFact;
  score: number;
  /** Whether a word of the item itself (not only its section) is in the question. */
  itemNamed: boolean;
  /** How many of the question's words the item names. */
  itemWords: number;
  /** The question's words the fact names nowhere (at most one is kept). */
  missing: number;
}

/** A fact that misses one question word is still the closest when its item names at least this many. */
const PARTIAL_MIN_ITEM_WORDS = 2;

/** Whether the question asks for a price, typos in the price word read as it. */
export function asksPrice(question: AskedQuestion): boolean {
  return ASKS_PRICE.test(question.folded) || ASKS_PRICE.test(question.near(NEAR));
}

/** The shortest word on either side of a compound ('hair' + 'cut'): 'women' is no compound of 'men'. */
const COMPOUND_PART = 3;

/** A question word meets a list word when their stems are equal or the question's is a compound of it ('haircut', 'cut'). */
function meets(questionTerm: string, listTerms: readonly string[]): boolean {
  return listTerms.some(
    (t) =>
      t === questionTerm ||
      (t.length >= COMPOUND_PART &&
        questionTerm.length - t.length >= COMPOUND_PART &&
        (questionTerm.startsWith(t) || questionTerm.endsWith(t))),
  );
}

/**
 * Each fact's words, analysed once per fact rather than once per question: the list is the bot's (kept with its
 * loaded index, or the owner's edited view of it), and a long price list re-stemmed on every message doubled a
 * message's CPU time (bench/chat, every question new).
 */
const factTerms = new WeakMap<PriceFact, { item: string[]; section: string[]; unit: string[] }>();

function factTermsOf(fact: PriceFact): { item: string[]; section: string[]; unit: string[] } {
  let known = factTerms.get(fact);
  if (!known) {
    known = { item: terms(fact.item), section: terms(fact.section ?? ''), unit: terms(fact.unit ?? '') };
    factTerms.set(fact, known);
  }
  return known;
}

/** How well a price fact names the question's subject; null when a subject word is in none of its places. */
function score(
  subject: readonly string[],
  fact: PriceFact,
  optional: (term: string) => boolean,
): Scored | null {
  const { item, section, unit } = factTermsOf(fact);
  let total = 0;
  let itemWords = 0;
  let missing = 0;
  for (const term of subject) {
    if (meets(term, item)) {
      total += WEIGHT.item;
      itemWords++;
    } else if (meets(term, section)) total += WEIGHT.section;
    else if (meets(term, unit)) total += WEIGHT.unit;
    else if (!optional(term) && ++missing > 1) return null;
  }
  if (total === 0) return null;
  // An item that names more than was asked is a weaker fit ('Full Balayage' for 'balayage').
  const unasked = item.filter((t) => !subject.some((s) => meets(s, [t]))).length;
  return { fact, score: total - unasked / (item.length + 1), itemNamed: itemWords > 0, itemWords, missing };
}

/** The first passage that prints the price beside the item's name, else the first that prints the price. */
function printedIn(passages: readonly Passage[], fact: PriceFact): Passage | undefined {
  const amount = fact.price.replace(/^from /, '');
  const item = fold(fact.item);
  const withPrice = passages.filter((p) => p.text.includes(amount));
  return withPrice.find((p) => fold(p.text).includes(item)) ?? withPrice[0];
}

const line = (fact: PriceFact) =>
  escapeMarkdownText(
    `${fact.item}${fact.section ? ` (${fact.section})` : ''}: ${fact.price}${fact.unit ? ` ${fact.unit}` : ''}`,
  );

/** Words a sentence needs to be prose rather than a list line ('Women: from $45'). */
const PROSE_MIN_WORDS = 4;

/**
 * The document's own sentence that gives the price in prose ('Custom orthotics cost $450 per pair, which includes
 * the foot scan.'): it says more than the fact's line. Null for a table row or a list line.
 */
function proseSentence(passage: Passage | undefined, fact: PriceFact): string | null {
  if (!passage) return null;
  const amount = fact.price.replace(/^from /, '');
  const item = fold(fact.item);
  for (const text of passage.text.split('\n')) {
    if (/^[^:;]{1,60}: [^;]*;/.test(text)) continue;
    for (const sentence of splitSentences(text)) {
      const prose = sentence.split(/\s+/).length >= PROSE_MIN_WORDS && /[.!?]$/.test(sentence);
      if (prose && sentence.includes(amount) && fold(sentence).includes(item)) return sentence;
    }
  }
  return null;
}

/** The most prices one reply lists (a whole section's, when the question names the section). */
const LIST_MAX = 5;

/**
 * The reply to a price question from the price list; null when the question asks for no price, the document has
 * no list, or the list names nothing the question asks about.
 */
export function priceReply(
  question: AskedQuestion,
  facts: KeyFacts | null,
  source: PriceSource,
  documentName: string,
): PriceReply | null {
  if (!facts || facts.prices.length === 0 || !asksPrice(question)) return null;
  const { passages } = source;
  // The document's own subject ('driving' at a driving school) is in most passages: a price list need not name it.
  const everywhere = (t: string) =>
    source.rules.on('price-document-subject') &&
    passages.length >= SUBJECT_MIN_PASSAGES &&
    source.documentFrequency(t) >= SUBJECT_SHARE * passages.length;
  const subject = [...new Set(question.terms)].filter((t) => !isStopWord(t));
  // An everyday word ('keep' in 'a fee if I keep missing appointments') need not be named either.
  const optional = (t: string) => SOFT.has(t) || everywhere(t) || specificity(t) === 0;
  if (ASKS_LOWEST.test(question.folded))
    return lowestReply(subject, facts.prices, optional, passages, documentName);
  if (subject.every((t) => SOFT.has(t))) return null;
  const all = facts.prices
    .map((fact) => score(subject, fact, optional))
    .filter((s): s is Scored => s !== null)
    .sort((a, b) => b.score - a.score);
  // Every question word in the list, as before; else the items that name all but one of them, given as unsure
  // ('a basic valet for a hatchback': the list says 'Regular', not 'hatchback').
  const complete = all.filter((s) => s.missing === 0);
  const partial = complete.length === 0 && source.rules.on('price-partial');
  const scored = partial ? all.filter((s) => s.itemWords >= PARTIAL_MIN_ITEM_WORDS) : complete;
  const best = scored[0];
  if (!best) return null;
  // Naming only a section, the question asks for the section's list ('how much is balayage?'): a section with one
  // price is a paragraph that mentions it, not a list ('Booking terms: a £50 deposit …'), unless the item is the
  // section's fee ('What you need to apply for a Provisional Licence' › 'Be able to pay a fee of £34.00').
  const sectionList = facts.prices.filter((p) => p.section === best.fact.section).length >= 2;
  const feeItem =
    FEE_ITEM.test(best.fact.item) || (ASKS_FEE.test(question.folded) && CHARGE_ITEM.test(best.fact.item));
  if (!best.itemNamed && !sectionList && !feeItem) return null;
  const chosen = scored.filter(
    (s) => best.score - s.score < 0.5 || (!best.itemNamed && s.score === best.score),
  );
  const shown = chosen.slice(0, LIST_MAX);
  const used = [
    ...new Set(shown.map((s) => printedIn(passages, s.fact)).filter((p): p is Passage => p !== undefined)),
  ];
  const only = shown.length === 1 ? shown[0]!.fact : null;
  const sentence = only && proseSentence(printedIn(passages, only), only);
  const body = sentence
    ? escapeMarkdownText(sentence)
    : only
      ? `${line(only)}.`
      : `Here are the prices:\n${shown.map((s) => `- ${line(s.fact)}`).join('\n')}`;
  return {
    text: `${body}\n\n${sourceLine(used, documentName)}`,
    passages: used,
    ...(partial ? { partial: true as const } : {}),
  };
}

/** 'What's the cheapest option?', 'is there a cheaper membership?': the lowest price of what is named. */
const ASKS_LOWEST =
  /\b(?:cheapest|lowest (?:price|cost|rate)|least expensive|most affordable|an? cheaper [a-z]+)\b/;

/** The first amount of a price as printed ('from £35' → 35), or null. */
function amountOf(price: string): number | null {
  const digits = /\d[\d,]*(?:\.\d+)?/.exec(price)?.[0];
  return digits === undefined ? null : Number(digits.replace(/,/g, ''));
}

/**
 * The lowest price among the facts the question names (all of them when it names nothing the list holds, as
 * 'what is the cheapest option?'), given as unsure: which is cheapest is the engine's reading of the list, and
 * a fee or deposit is no option of its own.
 */
function lowestReply(
  subject: readonly string[],
  prices: readonly PriceFact[],
  optional: (term: string) => boolean,
  passages: readonly Passage[],
  documentName: string,
): PriceReply | null {
  const named = prices
    .map((fact) => score(subject, fact, optional))
    .filter((s): s is Scored => s !== null && s.missing === 0);
  const top = Math.max(...named.map((s) => s.score));
  // The facts that name the question best ('one to one' of 'GCSE one to one', not every kind of tutoring).
  const best = named.filter((s) => top - s.score < 0.5).map((s) => s.fact);
  const pool = best.length ? best : subject.every(optional) ? prices : [];
  const options = pool.filter((fact) => !FEE_ITEM.test(fact.item) && !CHARGE_ITEM.test(fact.item));
  let lowest: { fact: PriceFact; amount: number } | null = null;
  for (const fact of options) {
    const amount = amountOf(fact.price);
    if (amount !== null && amount > 0 && (!lowest || amount < lowest.amount)) lowest = { fact, amount };
  }
  if (!lowest) return null;
  const used = [printedIn(passages, lowest.fact)].filter((p): p is Passage => p !== undefined);
  return {
    text: `The lowest price listed is ${line(lowest.fact)}.\n\n${sourceLine(used, documentName)}`,
    passages: used,
    partial: true,
  };
}

/** The price topic as the fact stage runs it (fact-replies.ts). */
export const PRICE_TOPIC: FactTopicRule = {
  topic: 'price',
  rule: 'price-facts',
  reply: (asked, source, documentName) => priceReply(asked, source.keyFacts, source, documentName),
};
