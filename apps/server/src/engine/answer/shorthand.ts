import type { EngineRules } from '../rules.js';

/**
 * Chat shorthand read as the words it stands for (issue 44): visitors type 'hw much', 'r u open', 'ur address',
 * and those words are in no document, so they read as absent words and the question was declined. Only whole
 * words, and only the texting forms whose reading is not in doubt.
 */
const SHORTHAND: Readonly<Record<string, string>> = {
  hw: 'how',
  r: 'are',
  u: 'you',
  ya: 'you',
  ur: 'your',
  wat: 'what',
  wht: 'what',
  whr: 'where',
  wen: 'when',
  cn: 'can',
  pls: 'please',
  plz: 'please',
  abt: 'about',
  b4: 'before',
  '2day': 'today',
  '2moro': 'tomorrow',
  tmrw: 'tomorrow',
  nxt: 'next',
  yr: 'year',
  yrs: 'years',
  appt: 'appointment',
};

/** A whole word: not part of a name, an address or initials ('U.S.', 'R&B', 'ur@shop.example'). */
const WORD = /(?<![\p{L}\p{N}'’.@/&-])[\p{L}\p{N}]+(?![\p{L}\p{N}'’@/&-]|\.\p{L})/gu;

/** The question with its chat shorthand written out ('hw much r u' → 'how much are you'). */
export function expandShorthand(question: string, rules: EngineRules): string {
  if (!rules.on('shorthand')) return question;
  return question.replace(WORD, (word) => SHORTHAND[word.toLowerCase()] ?? word);
}
