/**
 * The engine's rules that can be switched off one at a time, so that each one's worth is a number
 * (`npm run eval:engine -- --rules-off=synonyms --rule-worth`). The product uses them all; only the evaluation
 * makes an engine with some off, and passes that engine its rules (nothing here is shared between engines).
 *
 * Each rule names the decision that brought it in and its worth on the corpus's validate part (issue 44: a rule
 * worth nothing there goes): the questions answered with the fact that it adds, among them everyday ones, and the
 * unanswerable ones it declines or leaves unsure. Measured after decisions 099–100 with every other rule on and the assurance refitted.
 */
export const ENGINE_RULES = {
  synonyms: {
    what: "a question's words widened by their synonyms ('cost' also finds 'price')",
    decision: '036',
    validateWorth: '+3 right (+1 everyday), −1 declined',
  },
  shorthand: {
    what: "chat shorthand read as the words it stands for ('hw much r u' → 'how much are you')",
    decision: '090',
    validateWorth: '+3 right (+3 everyday)',
  },
  'typo-fixes': {
    what: 'a word the document never uses read as a near spelling or completion of one of its words',
    decision: '036',
    // Kept: validate's questions were written without typos, and 'meaning' finds most common misspellings.
    validateWorth: '0 right, 0 declined; +3 right on develop (after 096–097)',
  },
  meaning: {
    what: "a question word the document never uses read as the document's words closest in meaning ('photo' → 'picture')",
    decision: '093',
    validateWorth: '+3 right (+1 everyday), −3 declined',
  },
  intents: {
    what: "question phrases read as a topic ('how much' → price, 'what time' → hours)",
    decision: '036',
    validateWorth: '+9 right (+4 everyday)',
  },
  'absent-thing-decline': {
    what: "a yes/no question about a thing the document never names ('is there a shower?'): a signal of the assurance",
    decision: '043',
    validateWorth: '+2 declined',
  },
  'contact-facts': {
    what: "'how do I reach you?' answered with the phone or email from the document's key facts",
    decision: '038',
    validateWorth: '+7 right (+7 everyday)',
  },
  'address-facts': {
    what: "'where are you?' answered with the street address from the document's key facts",
    decision: '040',
    validateWorth: '+5 right (+5 everyday)',
  },
  'hours-facts': {
    what: "'are you open on Friday?' answered with the day's or the week's hours from the document's key facts",
    decision: '040',
    validateWorth: '+4 right (+4 everyday)',
  },
  'price-facts': {
    what: "'how much is a women's haircut?' answered with the item, price and unit from the document's price list",
    decision: '040',
    validateWorth: '+2 right (+3 everyday), −1 declined',
  },
  'hours-partial': {
    what: "'are you open on Saturday?' with no Saturday in the hours answered, unsure, with the hours the document gives",
    decision: '091',
    validateWorth: '+1 right (+1 everyday)',
  },
  'price-partial': {
    what: "a price question whose every word but one the list names ('a basic valet for a hatchback') answered, unsure, with the closest prices",
    decision: '091',
    validateWorth: '+1 right (+1 everyday)',
  },
  'price-document-subject': {
    what: "a price question's word that most of the document uses ('driving' at a driving school) need not be in the list",
    decision: '043',
    validateWorth: '0 right, 1 unsure reply fewer, +1 everyday sure',
  },
} as const satisfies Record<string, { what: string; decision: string; validateWorth: string }>;
export type EngineRule = keyof typeof ENGINE_RULES;

export const isEngineRule = (name: string): name is EngineRule => Object.hasOwn(ENGINE_RULES, name);

/** The rules one engine answers with. */
export interface EngineRules {
  on(rule: EngineRule): boolean;
}

/** Every rule on except these. */
export function rulesWithout(off: Iterable<EngineRule> = []): EngineRules {
  const switchedOff = new Set(off);
  return { on: (rule) => !switchedOff.has(rule) };
}

/** The product's rules: all of them. */
export const ALL_RULES: EngineRules = rulesWithout();
