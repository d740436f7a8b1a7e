/**
 * Topic: contact ("How do I reach you?"), answered from the key facts. Rule `contact-facts`, decision 038; its measured worth on the
 * corpus's validate part is kept with the rule in ../../rules.ts (ENGINE_RULES['contact-facts'].validateWorth).
 */
import type { KeyFacts } from '../../facts/index.js';
import { findPhones } from '../../facts/phones.js';
import type { Passage } from '../../passages/index.js';
import { isStopWord, terms as indexTerms } from '../../retrieval/text-analysis.js';
import type { AskedQuestion, Vocabulary } from '../asked-question.js';
import type { FactTopicRule } from './topic.js';
import { escapeMarkdownText } from '../markdown-safety.js';
import { sourceLine } from '../source-line.js';

/**
 * "How do I reach you?" answered from the document's key facts (phones and emails, decision 037): the fact first,
 * in one sentence, with the part of the document it is printed in. Only a question that asks FOR a way to reach
 * the business is one: 'can I use my phone in the exam?' is about phones, not a request for the number.
 */
export type ContactWanted = 'phone' | 'email' | 'any';

/**
 * The things asked for, as written: a visitor's near spelling of one ('numbr', 'emial') reads as it. Verbs are
 * left alone: 'teach' is no typo of 'reach', nor 'contract' of 'contact'.
 */
const ASKED_FOR = ['phone', 'telephone', 'number', 'email'];
const PHONE = /\b(?:phone|telephone|tel|call|ring|fax|mobile|mob|cell|cellphone|text|sms|whatsapp)\b/;
const EMAIL = /\b(?:email|e-mail|mail)\b/;
const FAX = /\bfax\b/i;
/** 'the number', 'your number', at the end or followed by how it is used: the number asked for is a phone's. */
const BARE_NUMBER =
  /\b(?:your|the|a|contact|which|what) number\b\s*(?:\?|$|(?:to|for|i can|do i|can i|should i) )/;

/**
 * The shapes of a request for the way to reach: a question word or a request verb before the thing asked for,
 * a 'how can I …' with a contact verb, 'can I call you', or the thing alone ('phone number?').
 * The gap between a question word and the thing is bounded, so a long message is read in linear time.
 */
const ASKS = [
  /\b(?:what|whats|which|give|tell|send|share|need|have|get|got|is there|where)\b.{0,80}\b(?:number|email|e-mail|contact|details)\b/,
  /\bhow (?:(?:can|do|could|should|would|may) (?:i|we|one|you)|to)(?: best)? (?:contact|reach|call|phone|ring|email|e-mail|text|get (?:in touch|hold of|through to))\b/,
  /\b(?:can|could|may) (?:i|we|someone|somebody) (?:call|phone|ring|email|e-mail|contact|reach|text)\b(?! (?:my|our|his|her|their|it)\b)/,
  /\bwho (?:do|should|can|could) (?:i|we) (?:call|phone|ring|email|e-mail|contact|text)\b(?! (?:my|our|his|her|their|it)\b)/,
  /^(?:your |the )?(?:phone|telephone|contact|email|e-mail)(?: (?:number|address|details|info))? *(?:to contact you|please)? *\??$/,
  /\b(?:email|e-mail) (?:address )?(?:to|for) (?:contact|reach)/,
  /\bin touch\b|\bcontact (?:details|info|information)\b/,
  // A request in a few words, no verb: 'general enquiries email', 'email address for booking enquiries?'.
  /^(?!.*\b(?:my|change|update|reset|forgot|verify|confirm|add|remove|delete|unsubscribe|wrong|new)\b)(?:[a-z]+ ){0,3}(?:email|e-mail|phone|telephone)(?: address| number)?(?: for(?: [a-z]+){1,4})? *\??$/,
];

/** Question words that only say how the visitor wants to reach the business: any other word names a subject. */
const ASKING_TERMS = new Set(
  indexTerms(
    'what whats which how give tell send share need have get got is there where can could may should would number ' +
      'phone telephone tel call ring email e-mail mail address contact reach touch hold detail details info ' +
      'information you your u us business team someone somebody best way please book booking appointment text ' +
      'enquiry enquiries inquiry inquiries question questions ' +
      // The business itself, named by its kind ('the phone number for the surgery').
      'shop store office clinic salon practice surgery studio centre center school gym venue pharmacy hotel ' +
      'hostel garage',
  ),
);

/** A request for a number to text or a mobile's: 'a mobile number I can text', 'your cell?'. */
const MOBILE_ASKED = /\b(?:mobile|mob|cell|cellphone|text|sms|whatsapp)\b/;
const MOBILE_TERMS = new Set(indexTerms('mobile mob cell cellphone text sms whatsapp'));
/** Labelled as a mobile, or dialled as one: UK 07…, +44 7…; Australia 04…, +61 4…. */
const MOBILE_LABEL = /\b(?:mobile|mob|cell|text|sms|whatsapp)\b/i;
function isMobile(number: string, label?: string): boolean {
  if (label && MOBILE_LABEL.test(label)) return true;
  const digits = number.replace(/[^\d+]/g, '');
  return /^(?:07\d{9}|\+447\d{9}|04\d{8}|\+614\d{8})$/.test(digits);
}

/** The contact words a visitor's near spelling reads as ('whats your phone numbr'). */
const NEAR: Vocabulary = { words: ASKED_FOR, minLength: 4, hyphenated: true };

/** What way of reaching the business the question asks for, or null when it asks for none. */
export function contactWanted(question: AskedQuestion): ContactWanted | null {
  const q = question.near(NEAR);
  if (!ASKS.some((shape) => shape.test(q))) return null;
  const phone = PHONE.test(q) || BARE_NUMBER.test(q);
  const email = EMAIL.test(q);
  if (phone && !email) return 'phone';
  if (email && !phone) return 'email';
  if (/\b(?:contact|reach|touch|hold of)\b/.test(q) || (phone && email)) return 'any';
  return null;
}

/** The question's words that name a subject rather than the way to reach ('data protection officer', 'faq'). */
function subjectTerms(question: AskedQuestion): string[] {
  return question
    .termsNear(NEAR)
    .filter((t) => !ASKING_TERMS.has(t) && !MOBILE_TERMS.has(t) && !isStopWord(t));
}

export interface ContactReply {
  text: string;
  passages: Passage[];
}

/**
 * The passage to read the fact in: the first that labels it ('Phone Number: …'), else the first that offers it
 * ('contact us on …'), else the first that prints it.
 */
function printedIn(passages: readonly Passage[], fact: string): Passage | undefined {
  let best: { passage: Passage; how: number } | undefined;
  for (const passage of passages) {
    if (!passage.text.includes(fact)) continue;
    const how = printedAsContact(fact, passage);
    if (!best || how > best.how) best = { passage, how };
    if (how === LABELLED) break;
  }
  return best?.passage;
}

/**
 * The reply to a request for the way to reach, from the key facts; null when the question asks for none, or for
 * something the facts do not hold (then the normal answer runs). A question naming a subject ('the data
 * protection officer's email') is answered only from a fact printed beside that subject.
 */
export function contactReply(
  question: AskedQuestion,
  facts: KeyFacts | null,
  passages: readonly Passage[],
  documentName: string,
): ContactReply | null {
  const wanted = contactWanted(question);
  if (!wanted || !facts) return null;
  const subject = subjectTerms(question);
  const fits = (fact: string, label?: string, anySubject = false, sameLine = false): Passage | null => {
    const passage = printedIn(passages, fact);
    if (!passage) return null;
    if (subject.length === 0 || anySubject) return passage;
    const line = passage.text.split('\n').find((l) => l.includes(fact)) ?? '';
    const text = sameLine ? line : `${passage.heading ?? ''} ${passage.text}`;
    const around = new Set(indexTerms(`${text} ${label ?? ''}`));
    return subject.every((t) => around.has(t)) ? passage : null;
  };
  let phones = facts.phones.map((p): [string, string | undefined] => [p.number, p.label]);
  // A number to text: the mobiles, when the document has any; its only number otherwise.
  if (wanted === 'phone' && MOBILE_ASKED.test(question.folded)) {
    const mobiles = phones.filter(([number, label]) => isMobile(number, label));
    if (mobiles.length) phones = mobiles;
  }
  const emails = facts.emails.map((e): [string, string | undefined] => [e, undefined]);
  // Asked for the business's own ('what's your number?'), the one printed as a way to reach comes first.
  if (subject.length === 0) {
    const offered = new Map(
      [...phones, ...emails].map(([fact]) => [fact, passages.some((p) => printedAsContact(fact, p) > 0)]),
    );
    const first = ([a]: [string, unknown], [b]: [string, unknown]) =>
      Number(offered.get(b)) - Number(offered.get(a));
    phones.sort(first);
    emails.sort(first);
  }
  // Asked for by its kind ('who do I call about …'), the document's only number or address is the one to use.
  const onlyOne = wanted !== 'any';
  // A subject printed beside a number that is not the business's ('Hotel Tillman (864) 653-6000') has its own.
  const phone =
    wanted === 'email' || numberBeside(subject, passages, phones)
      ? null
      : pickFact(phones, subject, fits, onlyOne);
  const email = wanted === 'phone' ? null : pickFact(emails, subject, fits, onlyOne);
  // Only the fact asked for answers: 'your email?' with a phone alone printed goes the normal way.
  if (!phone && !email) return null;
  const parts: string[] = [];
  // A fax takes no call: 'Our fax number is …'.
  const fax = phone && FAX.test(phone.label ?? '');
  const texting = phone && MOBILE_ASKED.test(question.folded) && isMobile(phone.fact, phone.label);
  if (phone && !fax)
    parts.push(`${texting ? 'text or call' : 'call'} us on ${escapeMarkdownText(phone.fact)}`);
  if (email) parts.push(`email ${escapeMarkdownText(email.fact)}`);
  const used = [...new Set([phone?.passage, email?.passage].filter((p): p is Passage => p !== undefined))];
  const faxLine = fax ? `Our fax number is ${escapeMarkdownText(phone.fact)}.` : '';
  const reach = parts.length ? `You can ${parts.join(' or ')}.` : '';
  const text = `${[faxLine, reach].filter(Boolean).join(' ')}\n\n${sourceLine(used, documentName)}`;
  return { text, passages: used };
}

/** True when a line names every subject word beside a phone number the key facts do not hold. */
function numberBeside(
  subject: readonly string[],
  passages: readonly Passage[],
  phones: readonly [string, string | undefined][],
): boolean {
  if (subject.length === 0) return false;
  const own = new Set(phones.map(([number]) => number));
  return passages.some((passage) => {
    // Cheap first: a passage without every subject word's stem holds no such line.
    const lower = passage.text.toLowerCase();
    if (!subject.every((t) => lower.includes(t))) return false;
    return passage.text.split('\n').some((line) => {
      if (!/\d{3}/.test(line)) return false;
      const numbers = findPhones([line]).filter((p) => !own.has(p.number));
      if (numbers.length === 0) return false;
      const around = new Set(indexTerms(line));
      return subject.every((t) => around.has(t));
    });
  });
}

/** Words that offer a way to reach, on the fact's line or in its heading ('Call Us: …', 'Contact'). */
const OFFERS_CONTACT =
  /\b(?:contact|call|phone|tel|telephone|ring|text|e-?mail|reach|enquiries|inquiries|get in touch|mobile|office)\b/i;

const LABELLED = 2;
const OFFERED = 1;
/** Words beside a fact on its line that are a label ('Call Us:'), not a sentence. */
const LABEL_MAX_WORDS = 4;

/**
 * How a passage prints a fact: labelled as a way to reach ('Phone Number: …'), offered under a contact heading or in
 * a sentence ('contact us on …'), or neither (0: a number left alone below a teacher's biography).
 */
function printedAsContact(fact: string, passage: Passage): number {
  if (!passage.text.includes(fact)) return 0;
  const line = passage.text.split('\n').find((l) => l.includes(fact));
  if (line === undefined) return 0;
  const beside = line.replace(fact, ' ');
  if (OFFERS_CONTACT.test(beside))
    return beside.trim().split(/\s+/).length <= LABEL_MAX_WORDS ? LABELLED : OFFERED;
  return OFFERS_CONTACT.test(passage.heading ?? '') ? OFFERED : 0;
}

/** The first fact labelled with the question's subject ('Emergencies'), else the first one that fits. */
function pickFact(
  facts: [string, string | undefined][],
  subject: readonly string[],
  fits: (fact: string, label?: string, anySubject?: boolean, sameLine?: boolean) => Passage | null,
  onlyOne: boolean,
): { fact: string; label?: string; passage: Passage } | null {
  const labelled = subject.length
    ? facts.filter(([, label]) => label && subject.every((t) => indexTerms(label).includes(t)))
    : [];
  // The subject on the fact's own line ('Hotel Tillman (864) 653-6000') before the subject in its passage.
  for (const sameLine of subject.length ? [true, false] : [false]) {
    for (const [fact, label] of [...labelled, ...facts]) {
      const passage = fits(fact, label, false, sameLine);
      if (passage) return { fact, passage, ...(label ? { label } : {}) };
    }
  }
  // The document's only one is the one to use, whatever the question is about ('I'm locked out, who do I call?');
  // with several, only the one printed beside the subject is.
  const only = onlyOne && facts.length === 1 ? facts[0]! : null;
  const passage = only && fits(only[0], only[1], true);
  return only && passage ? { fact: only[0], passage, ...(only[1] ? { label: only[1] } : {}) } : null;
}

/** The contact topic as the fact stage runs it (fact-replies.ts). */
export const CONTACT_TOPIC: FactTopicRule = {
  topic: 'contact',
  rule: 'contact-facts',
  reply: (asked, source, documentName) => contactReply(asked, source.keyFacts, source.passages, documentName),
};
