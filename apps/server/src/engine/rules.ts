/**
 * The engine's rules that can be switched off one at a time, so that each one's worth is a number
 * (`npm run eval:engine -- --rules-off=synonyms`). Every rule is on unless the evaluation switches it off in its
 * own process: the server never does, and reads no setting for it.
 */
export const ENGINE_RULES = {
  synonyms: "a question's words widened by their synonyms ('cost' also finds 'price')",
  shorthand: "chat shorthand read as the words it stands for ('hw much r u' → 'how much are you')",
  'typo-fixes': 'a word the document never uses read as a near spelling or completion of one of its words',
  meaning:
    "a question word the document never uses read as the document's words closest in meaning ('photo' → 'picture')",
  intents: "question phrases read as a topic ('how much' → price, 'what time' → hours)",
  'absent-word-decline':
    'a specific word of the question that is nowhere in the document: a signal of the assurance, named in a decline',
  'absent-thing-decline':
    "a yes/no question about a thing the document never names ('is there a shower?'): a signal of the assurance",
  'bound-word-thing':
    "absent-thing-decline also for a word the document has only in a set phrase ('in-house' for 'house calls')",
  'absent-action-decline':
    "'can I …?' about an action the document never names ('can I walk in…?'): a signal of the assurance",
  'contact-facts': "'how do I reach you?' answered with the phone or email from the document's key facts",
  'address-facts': "'where are you?' answered with the street address from the document's key facts",
  'hours-facts':
    "'are you open on Friday?' answered with the day's or the week's hours from the document's key facts",
  'price-facts':
    "'how much is a women's haircut?' answered with the item, price and unit from the document's price list",
  'faq-heading-lift':
    "the document's FAQ entry that asks the visitor's question joins the passages an answer is chosen from",
  'hours-partial':
    "'are you open on Saturday?' with no Saturday in the hours answered, unsure, with the hours the document gives",
  'price-partial':
    "a price question whose every word but one the list names ('a basic valet for a hatchback') answered, unsure, with the closest prices",
  'price-document-subject':
    "a price question's word that most of the document uses ('driving' at a driving school) need not be in the list",
} as const;
export type EngineRule = keyof typeof ENGINE_RULES;

const off = new Set<EngineRule>();

export const isEngineRule = (name: string): name is EngineRule => Object.hasOwn(ENGINE_RULES, name);

/** Switches exactly these rules off (none: all on) for every later build and question in this process. */
export function setRulesOff(rules: Iterable<EngineRule>): void {
  off.clear();
  for (const rule of rules) off.add(rule);
}

export const ruleOn = (rule: EngineRule): boolean => !off.has(rule);
