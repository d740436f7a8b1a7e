import type { KeyFacts } from '../facts/index.js';
import type { Passage } from '../passages/index.js';
import type { EngineRules } from '../rules.js';
import { addressReply } from './address-facts.js';
import { askedQuestion } from './asked-question.js';
import { contactReply } from './contact-facts.js';
import { hoursReply } from './hours-facts.js';
import { priceReply } from './price-facts.js';

export interface FactReply {
  text: string;
  passages: Passage[];
  /** The closest facts, not all the question asked for: the reply is unsure. */
  partial?: true;
}

/** The everyday topics answered from the key facts. */
export type FactTopic = 'contact' | 'address' | 'hours' | 'price';

/** What the fact rules read of a bot's knowledge: its key facts and its passages. */
export interface FactSource {
  readonly keyFacts: KeyFacts | null;
  readonly passages: readonly Passage[];
  /** In how many passages an index term occurs. */
  documentFrequency(term: string): number;
  /** The rules the engine answers with. */
  readonly rules: EngineRules;
}

/**
 * The everyday questions — how to reach you, where you are, when you are open, how much a thing costs — answered
 * from the key facts when one of their rules recognises the question; null sends it the normal way (retrieval and
 * compose).
 */
export function factReply(
  question: string,
  source: FactSource,
  documentName: string,
): (FactReply & { topic: FactTopic }) | null {
  const facts = source.keyFacts;
  if (!facts) return null;
  const { passages } = source;
  // Read once: each rule below reads the same folded question and its terms.
  const asked = askedQuestion(question);
  if (source.rules.on('contact-facts')) {
    const reply = contactReply(asked, facts, passages, documentName);
    if (reply) return { ...reply, topic: 'contact' };
  }
  if (source.rules.on('address-facts')) {
    const reply = addressReply(asked, facts, passages, documentName);
    if (reply) return { ...reply, topic: 'address' };
  }
  if (source.rules.on('hours-facts')) {
    const reply = hoursReply(asked, facts, passages, documentName, { rules: source.rules });
    if (reply) return { ...reply, topic: 'hours' };
  }
  if (source.rules.on('price-facts')) {
    const reply = priceReply(asked, facts, source, documentName);
    if (reply) return { ...reply, topic: 'price' };
  }
  return null;
}
