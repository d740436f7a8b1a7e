/** Text → index terms: folding, numbers and times, stop words, a light English stemmer. */

const STOP_WORDS = new Set(
  (
    'a about above after again all also am an and any anything are as at be been before being below between both ' +
    'but by can could did do does doing dont down during each either else ever every few for from further get gets ' +
    'getting got had has have having he her here hers him his how i if im in into is isnt it its itself ive just ' +
    'let lets me more most much my myself need needs no nor not now of off on once only or other our ours out over ' +
    'own please same she should so some such than that thats the their theirs them then there these they this ' +
    'those through to too under until up upon us very want was we were what whats when where which while who whom ' +
    'whose why will with would yes yet you your youre yours yourself tell know like happen happens bring take ' +
    'long many way ways kind kinds type types method methods option options anyone someone something thing things ' +
    'available possible okay ok hi hello thanks thank make go come give look say said put'
  ).split(' '),
);

const NUMBER_WORDS: Record<string, string> = {
  zero: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
  ten: '10',
  eleven: '11',
  twelve: '12',
  fifteen: '15',
  twenty: '20',
  thirty: '30',
  forty: '40',
  fifty: '50',
  sixty: '60',
  ninety: '90',
  hundred: '100',
  noon: '12:00pm',
  midnight: '12:00am',
};

/** Lower case, no diacritics, typographic quotes folded. */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc`]/g, "'")
    .replace(/[\u2010-\u2013]/g, '-');
}

const TIME = /\b(\d{1,2})(?:[:.h](\d{2}))?\s*([ap])\.?\s?m\b\.?/g;
const MONEY = /[$€£]\s?(\d[\d,]*(?:\.\d+)?)/g;
const TOKEN = /\d{1,2}:\d{2}(?:[ap]m)?|[a-z0-9]+(?:-[a-z0-9]+)+|\d[\d,]*(?:\.\d+)?|[a-z0-9]+(?:'[a-z0-9]+)*/g;

function undouble(word: string): string {
  return /([b-df-hj-kmnp-tv-z])\1$/.test(word) && !/(ll|ss|zz)$/.test(word) ? word.slice(0, -1) : word;
}

/** A light stemmer: plurals, -ing, -ed, -ment, -ation, -bility, final -e: 'closing', 'closed', 'close' meet. */
export function stem(word: string): string {
  let w = word.replace(/'s?$/, '');
  if (w.length <= 3 || /\d/.test(w)) return w;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith('ied') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('ing') && w.length >= 6) w = undouble(w.slice(0, -3));
  else if (w.endsWith('eed') && w.length >= 6) w = w.slice(0, -1);
  else if (w.endsWith('ed') && w.length >= 5 && !w.endsWith('eed')) w = undouble(w.slice(0, -2));
  else if (w.endsWith('ation') && w.length >= 8) w = undouble(w.slice(0, -5));
  else if (w.endsWith('ment') && w.length >= 7) w = w.slice(0, -4);
  else if (w.endsWith('bility') && w.length >= 8) w = `${w.slice(0, -5)}l`;
  if (w.endsWith('ell') && w.length >= 6) w = w.slice(0, -1);
  if (w.endsWith('e') && w.length > 3 && !w.endsWith('ee')) w = w.slice(0, -1);
  return w;
}

/** One raw token → its index terms (a hyphenated word gives its parts and the joined form). */
function termsOfToken(token: string, out: string[]): void {
  const word = token.replace(/'(?:s|t|re|ve|ll|d|m)?$/, '').replace(/'/g, '');
  if (/^\d/.test(word) && !word.includes('-')) {
    out.push(/^\d[\d,]*(?:\.\d+)?$/.test(word) ? word.replace(/,/g, '') : word);
    return;
  }
  const parts = word.split('-').filter(Boolean);
  if (parts.length > 1) {
    for (const part of parts) termsOfToken(part, out);
    const joined = parts.join('');
    if (joined.length <= 20) out.push(/\d/.test(joined) ? joined : stem(joined));
    return;
  }
  const number = NUMBER_WORDS[word];
  if (number) out.push(number);
  else if (word.length >= 2 && !STOP_WORDS.has(word)) out.push(stem(word));
}

/** Folds and normalises times ('9 a.m.' → '9:00am') and money ('$1,200' → '1200') before tokenising. */
export function normalize(text: string): string {
  return fold(text)
    .replace(TIME, (_, h: string, m: string | undefined, ap: string) => ` ${Number(h)}:${m ?? '00'}${ap}m `)
    .replace(MONEY, (_, n: string) => ` ${n} `);
}

/** The index terms of a text, in order, duplicates kept. */
export function terms(text: string): string[] {
  const out: string[] = [];
  for (const match of normalize(text).matchAll(TOKEN)) termsOfToken(match[0], out);
  return out;
}

/**
 * Container words ('refund policy', 'phone number') and service verbs ('do you offer / treat / sell X?'): they
 * rank passages but do not count toward confidence, which must come from the X.
 */
const WEAK_WORDS = new Set(
  'policy number information info detail question help offer provide sell serve carry stock treat accept allow use'
    .split(' ')
    .map(stem),
);

export function isWeakTerm(term: string): boolean {
  return WEAK_WORDS.has(term);
}

export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word);
}
