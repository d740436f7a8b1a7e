/**
 * What kind of fact a question asks for, read from its wording ('how many' → a number, 'who' → a name), and
 * whether a sentence holds one. The composer prefers sentences that hold the kind asked for and declines when
 * none of its candidates does: "How many weeks of parental leave?" is not answered by a sentence about parental
 * leave that gives no number.
 */
export type AnswerType =
  'money' | 'amount' | 'number' | 'duration' | 'time' | 'version' | 'name' | 'phone' | 'email' | 'link';

const CARDINAL =
  'one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|ninety|hundred|thousand|million|billion';
/** A count in words, loosely: 'two', 'a few', 'half a' ('a week', 'several days'). */
const NUMBER_WORD = `(?:${CARDINAL}|half|a|an|a few|several|couple)`;
const UNIT =
  '(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|wks?|months?|mos?|years?|yrs?|decades?|business days?|working days?|calendar (?:days?|months?|years?))';
const MONTH =
  '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
const WEEKDAY = '(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekdays?|weekends?)';

/** A number written out and then in digits, as contracts do: 'thirty (30) days'. */
const NUMERAL_ECHO = '(?:\\s*\\(\\d[\\d.,]*\\))?';
const DIGITS = /\d/;
/** The number a heading or a step starts with ('4.2.2. Limitation of liability', '3) Click Save'): no quantity. */
const SECTION_NUMBER = /^\s*(?:\d+(?:\.\d+)*\.|\d+\))\s/;
const NUMBER_WORDS = new RegExp(`\\b(?:${CARDINAL})\\b`, 'i');
const DURATION = new RegExp(
  `(?:\\d[\\d.,]*\\+?(?:\\s*(?:-|–|to)\\s*\\d[\\d.,]*)?|\\b${NUMBER_WORD}(?:\\s*(?:-|–|to)\\s*${NUMBER_WORD})?)${NUMERAL_ECHO}[\\s-]*(?:\\w+\\s+)?${UNIT}\\b|\\b(?:per|each|every|a|one|the|calendar)\\s+${UNIT}\\b|\\d(?:yrs?|mos?|wks?|hrs?|d)\\b`,
  'i',
);
const TIME = new RegExp(
  `\\b(?:${MONTH}\\.?\\s+\\d{1,2}|\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH}|${MONTH}\\s+\\d{4}|(?:19|20)\\d{2}|${WEEKDAY}|\\d{1,2}(?:st|nd|rd|th)|(?:first|second|third|fourth|last)\\s+${WEEKDAY}|\\d{1,2}(?::\\d{2})?\\s*[ap]\\.?m\\b|\\d{1,2}:\\d{2}|\\d{4}-\\d{2}-\\d{2}|noon|midnight|today|tomorrow|yesterday)`,
  'i',
);
const DURATIONS = new RegExp(DURATION.source, 'gi');
const TIMES = new RegExp(TIME.source, 'gi');
const VERSION = /\b(?:v(?:ersion)?\s*)?\d+\.\d+(?:\.\d+)*\b|\bversion\s+\d+/i;
/** '555-0142', '(416) 555-0142', '+1 416 555 0142'; not a date or a range of years. */
const PHONE = /(?:\+\d{1,3}[\s.-]?)?(?:\(\d{2,4}\)\s?|\b\d{2,4}[\s.-])?\b\d{3}[\s.-]\d{4}\b/;
const EMAIL = /[\w.+-]+(?:@|\[at\])[\w-]+(?:(?:\.|\[dot\])[\w-]+)+/i;
const LINK =
  /\bhttps?:\/\/\S+|\bwww\.\S+|\b[\w-]+(?:\.[\w-]+)*\.(?:com|org|net|io|dev|gov|edu|co)(?:\/\S*)?/i;
const MONEY =
  /[$€£¥]\s?\d|\d\s?(?:usd|eur|gbp|cad|dollars?|euros?|pounds?|cents?)\b|\bfree of charge\b|\bno charge\b|\bat no cost\b|\bfor free\b|\bis free\b/i;
const HANDLE = /(?:^|\s)@[a-z0-9][\w-]*/i;

/** Question words that only say which kind of fact is wanted (stemmed like the index). */
const TYPE_WORDS: Partial<Record<AnswerType, ReadonlySet<string>>> = {
  link: new Set(['onlin', 'url', 'link', 'websit', 'web', 'webpag']),
  email: new Set(['email', 'e-mail']),
};

/** Whether the question word only names the kind of fact asked for ('online' for a link), not its topic. */
export function asksForType(type: AnswerType, term: string): boolean {
  return TYPE_WORDS[type]?.has(term) ?? false;
}

/** The kind of fact the question asks for, or null when any sentence may answer it (yes/no, what, why, how). */
export function answerTypeOf(question: string): AnswerType | null {
  const q = question.toLowerCase().replace(/[’']/g, "'");
  if (/\b(?:phone|telephone) number\b|\bnumber (?:can|do|should) i (?:call|ring|phone)\b/.test(q))
    return 'phone';
  if (/\be-?mail(?: address)?\b.*\?|\bwhat(?:'s| is) (?:the|your) e-?mail\b|^e-?mail\b/.test(q))
    return 'email';
  if (/\b(?:url|web ?site|web page|link|online)\b/.test(q) && /\b(?:where|what|which|link|url)\b/.test(q))
    return 'link';
  if (
    /\bhow much (?:does|do|did|will|would|is|are)\b.*\b(?:cost|charge)\b|\bhow much (?:is|are) (?:an? |the )?[\w\s-]{1,30}\?*$|\bwhat(?:'s| is| are) the (?:price|cost|fee|rate|charge)s?\b|\bhow much (?:for|to|is it|would it be)\b|^(?:the |your )?(?:price|cost)s? (?:of|for|to)\b/.test(
      q,
    )
  )
    return 'money';
  // 'How long have you been in business?' is answered by a year ('since 1927') as well as a duration.
  if (/\bhow long (?:have|has) [a-z ]{1,30} been\b/.test(q)) return 'time';
  if (/\bhow (?:long|soon|often|frequently|far ahead|far in advance)\b/.test(q)) return 'duration';
  if (
    /\bwhat(?:'s| is| are) the (?:most|least|maximum|minimum|max|min|limit|amount|number)\b|\bwhat (?:amount|number)\b/.test(
      q,
    )
  )
    return 'amount';
  if (/\bhow (?:much|many|old|big|large|high|low|fast|far)\b|\bwhat (?:percentage|share)\b/.test(q))
    return 'number';
  if (/\b(?:which|what) (?:version|release)\b|\bversion (?:number|of)\b.*\?$/.test(q)) return 'version';
  if (
    /(?:^|[,.;:!?]\s*)(?:and |so |but |then )?when\b|\bwhat (?:date|day|time|year|month)\b|\bwhich (?:date|day|year|month)\b|\bsince (?:when|what)\b/.test(
      q,
    )
  )
    return 'time';
  if (/^(?:\w+ )?who(?:m|se)?\b|\bwhat(?:'s| is) the name of\b|\bwho (?:is|are|was|were)\b/.test(q))
    return 'name';
  return null;
}

/**
 * Whether an answer must hold the type. A yes/no question may be answered without it, and 'When does the library
 * return an error?' may ask for a condition, so a present-tense 'when' only prefers a time; 'when did / will' asks
 * for a date.
 */
export function requiresAnswerType(type: AnswerType, question: string): boolean {
  // 'Is there a cap on how much I can take?' may be answered 'there is no set limit'; a phone number may not.
  const quantity =
    type === 'money' || type === 'amount' || type === 'number' || type === 'duration' || type === 'time';
  if (
    quantity &&
    /^\s*(?:is|are|was|were|do|does|did|can|could|will|would|should|has|have|am)\b/i.test(question)
  )
    return false;
  // 'Who owns it?' may be answered 'you do' or 'the company'; 'What is the name of …?' asks for a name.
  if (type === 'name') return /\bname of\b|\bwho (?:is|are|was|were)\b/i.test(question);
  if (type !== 'time') return true;
  return !/\bwhen (?:do|does|is|are|can|should|must)\b/i.test(question);
}

/**
 * 'What is the name of our Data Protection Officer?': a name answers it only beside the word for what is named
 * ('officer', as written: 'Office' is another thing). Null when the question names no such thing.
 */
export function namedThing(question: string): RegExp | null {
  const head = /\bname of (?:[\p{L}\d'’-]+\s+){0,5}?([\p{L}-]{3,})\s*\??\s*$/iu.exec(question)?.[1];
  return head ? new RegExp(`\\b${head}s?\\b`, 'i') : null;
}

/** Capitalised words in the sentence, not at its start and not among the question's own words: new names. */
function newNames(sentence: string, questionWords: ReadonlySet<string>): boolean {
  const words = sentence.split(/\s+/);
  return words.some((raw, i) => {
    const word = raw.replace(/^[("'“‘[]+|[)"'”’\].,;:!?]+$/g, '');
    if (!/^\p{Lu}[\p{L}\d.&-]*$/u.test(word) || word.length < 2) return false;
    if (i === 0 && !/\p{Lu}.*\p{Lu}/u.test(word)) return false;
    return !questionWords.has(word.toLowerCase().replace(/'s$/, ''));
  });
}

/** Per sentence text, the types it was found to hold or not (names depend on the question: never kept). */
const known = new Map<string, Map<AnswerType, boolean>>();
const KNOWN_SENTENCES = 20_000;

/** Whether the sentence holds a fact of the type (beyond the words the question already uses, for names). */
export function holdsAnswerType(
  type: AnswerType,
  sentence: string,
  questionWords: ReadonlySet<string>,
): boolean {
  if (type === 'name') return findsType(type, sentence, questionWords);
  let types = known.get(sentence);
  if (!types) {
    if (known.size >= KNOWN_SENTENCES) known.clear();
    types = new Map();
    known.set(sentence, types);
  }
  let holds = types.get(type);
  if (holds === undefined) {
    holds = findsType(type, sentence, questionWords);
    types.set(type, holds);
  }
  return holds;
}

function findsType(type: AnswerType, sentence: string, questionWords: ReadonlySet<string>): boolean {
  switch (type) {
    case 'money':
      return MONEY.test(sentence);
    case 'number': {
      const rest = sentence.replace(SECTION_NUMBER, ' ');
      return DIGITS.test(rest) || NUMBER_WORDS.test(rest);
    }
    case 'amount': {
      // 'The most I can …' is a quantity: a date, a day of the month, a period or a section's number is not one.
      const rest = sentence.replace(SECTION_NUMBER, ' ').replace(DURATIONS, ' ').replace(TIMES, ' ');
      return DIGITS.test(rest) || NUMBER_WORDS.test(rest);
    }
    case 'duration':
      return DURATION.test(sentence);
    case 'time':
      return TIME.test(sentence) || DURATION.test(sentence) || VERSION.test(sentence);
    case 'version':
      return VERSION.test(sentence);
    case 'name':
      return newNames(sentence, questionWords) || HANDLE.test(sentence);
    case 'phone':
      return PHONE.test(sentence);
    case 'email':
      return EMAIL.test(sentence);
    case 'link':
      return LINK.test(sentence) || EMAIL.test(sentence);
  }
}
