import porter2 from 'wink-porter2-stemmer';
/** Text → index terms: folding, numbers and times, stop words, a light English stemmer. */

const STOP_WORDS = new Set(
  (
    'a about above after again all also am an and any anything are as at be been before being below between both ' +
    'but by can could did do does doing dont down during each either else ever every few for from further get gets ' +
    'getting got had has have having he her here hers him his how i if im in into is isnt it its itself ive just ' +
    'let lets me more most much my myself need needs no nor not now of off on once only or other our ours out over ' +
    'own per please same she should so some such than that thats the their theirs them then there these they this ' +
    'those through till to too under until up upon us very want was we were what whats when where which while who whom ' +
    'whose why will with would yes yet you your youre yours yourself tell know like happen happens bring take ' +
    'long many way ways kind kinds type types method methods option options anyone someone something thing things ' +
    'available possible okay ok hi hello thanks thank make go come give look say said put ' +
    // Contractions typed without their apostrophe ('didnt', 'cant'): grammar, never the subject of a question.
    'didnt doesnt wont cant couldnt shouldnt wouldnt wasnt werent arent havent hasnt hadnt aint theyre theyve ' +
    'youve weve youll theyll'
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

/**
 * English irregular verb forms → the base form, so 'wrote' meets 'written' and 'write' (the stemmer only knows
 * regular endings). Forms that are also common nouns or adjectives ('left', 'saw', 'rose', 'found') are left out.
 */
const IRREGULAR_VERBS: Record<string, string> = Object.fromEntries(
  (
    'write:wrote,written run:ran begin:began,begun come:came give:gave,given take:took,taken make:made ' +
    'send:sent pay:paid keep:kept hold:held get:got,gotten go:went,gone know:knew,known see:seen say:said ' +
    'tell:told think:thought buy:bought bring:brought build:built choose:chose,chosen draw:drew,drawn ' +
    'drive:drove,driven eat:ate,eaten fall:fell,fallen feel:felt fly:flew,flown forget:forgot,forgotten ' +
    'freeze:froze,frozen grow:grew,grown hide:hid,hidden lend:lent lose:lost mean:meant meet:met ' +
    'ride:rode,ridden rise:risen sell:sold shake:shook,shaken show:shown sing:sang,sung sit:sat sleep:slept ' +
    'speak:spoke,spoken spend:spent stand:stood steal:stole,stolen strike:struck swear:swore,sworn ' +
    'teach:taught tear:tore,torn throw:threw,thrown understand:understood wake:woke,woken wear:wore,worn ' +
    'win:won withdraw:withdrew,withdrawn undertake:undertook,undertaken forbid:forbade,forbidden ' +
    'arise:arose,arisen become:became break:broke,broken catch:caught deal:dealt dig:dug feed:fed lead:led ' +
    'seek:sought fight:fought bind:bound shrink:shrank,shrunk sink:sank,sunk drink:drank,drunk'
  )
    .split(' ')
    .flatMap((entry) => {
      const [base = '', forms = ''] = entry.split(':');
      return forms.split(',').map((form) => [form, base]);
    }),
);

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
const TOKEN =
  /\d+(?:\.\d+){2,}|\d{1,2}:\d{2}(?:[ap]m)?|[a-z0-9]+(?:-[a-z0-9]+)+|\d[\d,]*(?:\.\d+)?|[a-z0-9]+(?:'[a-z0-9]+)*/g;

/**
 * Longer words are opaque: a code, a hash, a run of text with no spaces. The stemmer's work grows with the square of
 * a word's length (6 s for 30,000 letters), so past this a word is kept as one key, never analysed letter by letter.
 */
export const MAX_WORD_CHARS = 40;

/** One key for an over-long word: its start, its length and a hash of the whole, so equal words still meet. */
function opaqueWord(word: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < word.length; i++) hash = Math.imul(hash ^ word.charCodeAt(i), 0x01000193);
  return `${word.slice(0, 16)}~${word.length}~${(hash >>> 0).toString(36)}`;
}

const stems = new Map<string, string>();
/** Words stemmed so far are remembered, up to this many (a document's vocabulary, mostly). */
const STEM_MEMORY = 100_000;

/** The Porter2 (Snowball English) stem: 'compression', 'compressing' and 'compress' meet. Numbers stay whole. */
export function stem(word: string): string {
  const w = word.replace(/'s?$/, '');
  if (w.length <= 2 || /\d/.test(w)) return w;
  if (w.length > MAX_WORD_CHARS) return opaqueWord(w);
  let found = stems.get(w);
  if (found === undefined) {
    found = porter2(w);
    if (stems.size >= STEM_MEMORY) stems.clear();
    stems.set(w, found);
  }
  return found;
}

/** One raw token → its index terms (a hyphenated word gives its parts and the joined form). */
function termsOfToken(token: string, out: string[]): void {
  if (token.length > MAX_WORD_CHARS && !token.includes('-')) {
    out.push(opaqueWord(token));
    return;
  }
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
  else if (word.length >= 2 && !STOP_WORDS.has(word)) out.push(stem(IRREGULAR_VERBS[word] ?? word));
}

/**
 * Two-word verbs that name a thing of their own, written as their hyphenated noun ('check out' → 'check-out', whose
 * joined term 'checkout' is not 'checkin'): 'when is check out?' is not answered by the check-in time.
 */
const PHRASAL = /\b(check|log|sign|drop|pick) (in|out|up|off)\b/g;
const PHRASAL_NOUNS = new Set(
  'checkin checkout login logout signin signup signout dropoff pickup'.split(' ').map((w) => stem(w)),
);

/** Whether a joined term is one of those nouns ('checkout'), not a word like 'builtin'. */
export function isPhrasalNoun(term: string): boolean {
  return PHRASAL_NOUNS.has(term);
}

/** Folds and normalises times ('9 a.m.' → '9:00am') and money ('$1,200' → '1200') before tokenising. */
export function normalize(text: string): string {
  return fold(text)
    .replace(PHRASAL, '$1-$2')
    .replace(TIME, (_, h: string, m: string | undefined, ap: string) => ` ${Number(h)}:${m ?? '00'}${ap}m `)
    .replace(MONEY, (_, n: string) => ` ${n} `);
}

/** The index terms of a text, in order, duplicates kept. */
export function terms(text: string): string[] {
  const out: string[] = [];
  for (const match of normalize(text).matchAll(TOKEN)) termsOfToken(match[0], out);
  return out;
}

/** The index terms of a text per raw token: a hyphenated word's parts and joined form stay together. */
export function termGroups(text: string): string[][] {
  const groups: string[][] = [];
  for (const match of normalize(text).matchAll(TOKEN)) {
    const out: string[] = [];
    termsOfToken(match[0], out);
    if (out.length) groups.push(out);
  }
  return groups;
}

/**
 * Container words ('refund policy', 'phone number') and service verbs ('do you offer / treat / sell X?'): they
 * rank passages but do not count toward confidence, which must come from the X.
 */
const WEAK_WORDS = new Set(
  (
    'policy number information info detail question help offer provide sell serve carry stock treat accept allow use ' +
    'handle cater ' +
    // Hedges say how exact the answer may be, not what it is about ('roughly how many lessons').
    'roughly approximately approx typically generally usually normally exactly actually really basically'
  )
    .split(' ')
    .map(stem),
);

export function isWeakTerm(term: string): boolean {
  return WEAK_WORDS.has(term);
}

export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word);
}
