/**
 * Topic: address ("Where are you?"), answered from the key facts. Rule `address-facts`, decision 040; its measured worth on the
 * corpus's validate part is kept with the rule in ../../rules.ts (ENGINE_RULES['address-facts'].validateWorth).
 */
import type { KeyFacts } from '../../facts/index.js';
import type { Passage } from '../../passages/index.js';
import { fold, isStopWord, terms } from '../../retrieval/text-analysis.js';
import type { AskedQuestion, Vocabulary } from '../asked-question.js';
import type { FactTopicRule } from './topic.js';
import { escapeMarkdownText } from '../markdown-safety.js';
import { sourceLine } from '../source-line.js';

/**
 * "Where are you?" answered with the street address from the key facts (decision 037), with the part of the
 * document it is printed in. Only a question about where the business is: 'email address', 'change of address'
 * and a subject printed nowhere beside the address ('where is the nearest vet hospital?') go the normal way.
 */

/** The shapes of a question about where the business is, on the folded question (bounded gaps: linear time). */
const ASKS = [
  /\b(?:what|whats|wheres|where|give|tell|send|share|need|your|the|postal|street|full) ?(?:is |s )?(?:your |the |ur )?(?:full |postal |street )?(?:address|adress|adres|addres)\b/,
  /^(?:your |the )?(?:full |postal |street )?address\s*\??$/,
  /\bwhere (?:are|r) (?:you|u|ya)\b/,
  /\bwhere(?: is| s|s) (?:your|the) (?:shop|store|office|clinic|salon|restaurant|practice|studio|centre|center|school|hospital|building|place|location|premises|business)\b/,
  // 'where is the gym?', 'where's the funeral home?': the whole question, its subject printed by the address.
  /^where(?: is| s|s) (?:your|the) [a-z]+(?: [a-z]+)?(?: (?:located|based|situated))?\s*\??$/,
  /\bwhere (?:are|is) (?:you|it|your [a-z]+|the [a-z]+) (?:located|based|situated)\b/,
  /\b(?:your|the) (?:location|whereabouts)\b/,
  /\b(?:what|which|whats) (?:city|town|area|suburb|neighbou?rhood|part of town) (?:are|r|is) (?:you|u|ya|it)\b/,
  /\bhow (?:do|can|would) (?:i|we) (?:get|find|come) (?:to )?(?:you|your place|there)\b/,
  /\bdirections\b/,
  /\b(?:post ?code|postal code|zip ?code|sat ?nav)\b/,
];
/** An address that is not the business's: an email's, a website's, the visitor's own. */
const OTHER_ADDRESS =
  /\b(?:e-?mail|web|website|ip|billing|delivery|shipping|my|his|her|their) ?address\b|\bchange (?:of|my|your) address\b|\bmy (?:post ?code|postal code|zip)/;

/** The question's words that only ask where: any other word names a subject that must be printed by the address. */
const WHERE_WORDS = new Set(
  terms(
    'what whats where wheres is are r you u ya your ur the give tell send share need full postal street address ' +
      'adress location located locat situated based whereabouts how do can would get find come to there directions ' +
      'shop store office clinic salon restaurant practice studio centre center school hospital building place ' +
      'premises business exactly please postcode post code zip zipcode satnav sat nav for city town area suburb ' +
      'neighborhood neighbourhood part in',
  ),
);

export interface AddressReply {
  text: string;
  passages: Passage[];
}

/** 'adress', 'addres': a visitor's near spelling of the one shape word that is easy to misspell. */
const NEAR: Vocabulary = { words: ['address'], minLength: 6 };

export function asksAddress(question: AskedQuestion): boolean {
  // 'where exactly is the hostel?' asks as 'where is the hostel?' does.
  const q = question.near(NEAR).replace(/\bwhere exactly\b/, 'where');
  return !OTHER_ADDRESS.test(q) && ASKS.some((shape) => shape.test(q));
}

/**
 * The passage that prints the address, where the visitor can read it in context: the street (its first part with
 * a number) when there is one, as the first part may be the business's name. A short address line alone may have
 * been read as the heading of the lines below it ('Spielbudenplatz 21, 20359 Hamburg' over the email).
 */
function printedIn(passages: readonly Passage[], address: string): Passage | undefined {
  const parts = address.split(',').map((part) => fold(part.trim()));
  const street = parts.find((part) => /\d/.test(part)) ?? parts[0]!;
  return (
    passages.find((p) => fold(p.text).includes(street)) ??
    passages.find((p) => p.heading !== null && fold(p.heading).includes(street))
  );
}

export function addressReply(
  question: AskedQuestion,
  facts: KeyFacts | null,
  passages: readonly Passage[],
  documentName: string,
): AddressReply | null {
  if (!facts?.address || !asksAddress(question)) return null;
  const passage = printedIn(passages, facts.address);
  if (!passage) return null;
  const subject = [...new Set(question.termsNear(NEAR))].filter((t) => !isStopWord(t) && !WHERE_WORDS.has(t));
  if (subject.length) {
    // The business named by its own title ('the hostel' of 'Maverick Hostel') is the business itself.
    const title = `${passages[0]?.heading ?? ''} ${passages[0]?.text.split('\n')[0] ?? ''} ${documentName}`;
    const around = new Set(terms(`${passage.heading ?? ''} ${passage.text} ${title}`));
    if (!subject.every((t) => around.has(t))) return null;
  }
  const text = `Our address is ${escapeMarkdownText(facts.address)}.\n\n${sourceLine([passage], documentName)}`;
  return { text, passages: [passage] };
}

/** The address topic as the fact stage runs it (fact-replies.ts). */
export const ADDRESS_TOPIC: FactTopicRule = {
  topic: 'address',
  rule: 'address-facts',
  reply: (asked, source, documentName) => addressReply(asked, source.keyFacts, source.passages, documentName),
};
