/**
 * Messages that are conversation rather than questions about the document: greetings, thanks, goodbyes,
 * "how are you" and "who are you / what can you do". Only a message that is nothing but small talk is
 * answered as such; "hi, are you open on Sunday?" is a question with a greeting in front (see stripGreeting).
 */
export type SmallTalk = 'greeting' | 'thanks' | 'goodbye' | 'how-are-you' | 'identity';

const GREETING =
  '(?:hi+|hello+|hey+|hiya|howdy|greetings|yo|hola|bonjour|salut|good (?:morning|afternoon|evening|day)|morning|evening)(?: there| all| everyone| team| folks)?';
const THANKS =
  '(?:(?:ok(?:ay)?|great|perfect|awesome|cool|nice|wonderful|excellent|brilliant|super|fantastic|got it|understood|noted|alright|all right)[, ]*)*(?:thanks?(?: you)?(?: (?:so|very) much| a lot| a bunch| again| for (?:your|the) help| for helping(?: me)?)*|thx|ty|tysm|cheers|much appreciated|appreciate it|i appreciate (?:it|that|your help))?';
const GOODBYE =
  "(?:(?:ok(?:ay)?|thanks?(?: you)?|great|alright)[, ]*)*(?:bye+(?: bye)?|goodbye|good bye|see (?:you|ya)(?: later| soon)?|cya|talk (?:to you )?later|have a (?:good|nice|great) (?:day|one|evening|night|weekend)|that'?s all(?: for now)?|good ?night)";
const HOW_ARE_YOU =
  "(?:how are (?:you|u)(?: doing)?(?: today)?|how'?s it going|how are things|how do you do|what'?s up|sup)";
const IDENTITY =
  "(?:who (?:are|r) (?:you|u)|what (?:are|r) (?:you|u)|what(?:'?s| is) your name|who am i (?:talking|speaking|chatting) (?:to|with)|(?:are|r) (?:you|u) (?:a |an )?(?:bot|robot|human|real(?: person)?|person|ai|machine|chatbot)|what can (?:you|u) (?:do|help(?: me)? with)|how can (?:you|u) help(?: me)?|what do (?:you|u) (?:do|know)(?: about)?|what can i ask(?: you)?(?: about)?|what (?:kind of )?(?:questions|things) can i ask(?: you)?|help|menu|introduce yourself|tell me about yourself)";

const whole = (pattern: string) => new RegExp(`^(?:${pattern})$`);
const PATTERNS: [SmallTalk, RegExp][] = [
  ['identity', whole(`(?:${GREETING} )?${IDENTITY}`)],
  ['how-are-you', whole(`(?:${GREETING} )?${HOW_ARE_YOU}`)],
  ['goodbye', whole(GOODBYE)],
  ['greeting', whole(GREETING)],
  ['thanks', whole(THANKS)],
];

/** Lower case, punctuation and emoji out, the bot's name out ('hi Harbour Helper!' is a greeting). */
export function normalizeChat(message: string, botName = ''): string {
  let text = message
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\u2018\u2019`]/g, "'");
  const name = botName.trim().toLowerCase();
  if (name.length >= 2) text = text.split(name).join(' ');
  return text
    .replace(/[^a-z0-9' ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function detectSmallTalk(message: string, botName = ''): SmallTalk | null {
  const text = normalizeChat(message, botName);
  if (text === '') return message.trim() === '' ? null : 'greeting';
  if (text.split(' ').length > 12) return null;
  for (const [kind, pattern] of PATTERNS) if (pattern.test(text)) return kind;
  return null;
}

/** Greetings that can open a question ('Morning appointments?' keeps its first word). */
const LEADING_GREETING =
  /^\s*(?:hi+|hello+|hey+|hiya|howdy|greetings|good (?:morning|afternoon|evening|day))(?: there| all| everyone| team)?\b[\s,.!:;-]*/i;

/** 'Hi! Are you open on Sunday?' → 'Are you open on Sunday?' (and whether a greeting was there). */
export function stripGreeting(message: string): { rest: string; greeted: boolean } {
  const match = LEADING_GREETING.exec(message);
  if (!match || match[0].length === message.length) return { rest: message, greeted: false };
  return { rest: message.slice(match[0].length).trim(), greeted: true };
}
