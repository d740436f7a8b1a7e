import { questionKey } from '@vuxo/shared/suggested-questions';
import type { Passage } from '../passages/types.js';
import { HEADING_SEPARATOR } from '../passages/split-passages.js';
import { generalRank, SPECIFICITY } from '../retrieval/specificity.js';
import { stem } from '../retrieval/text-analysis.js';
import { ADJECTIVE_END, TOPICS, type Evidence, type Suggestion } from './topics.js';
import type { DocumentView } from './topics.js';

export const MAX_QUESTION_LENGTH = 80;
export const DEFAULT_QUESTION_COUNT = 6;

/** How the bot answers a suggestion: sure or not, from the key facts or not, and from which passages. */
export interface SuggestionCheck {
  sure: boolean;
  fromFacts: boolean;
  passages: readonly Passage[];
}

export interface SuggestOptions {
  /** How many questions at most (default 6). */
  max?: number;
  /** The bot's answer to a question (the build asks the engine): a suggestion is kept only when it is sure and about it. */
  check?: (question: string) => SuggestionCheck;
}

/** Headings that name no topic a visitor would ask about. */
const GENERIC_HEADING =
  /^(?:introduction|intro|welcome\b.*|overview|contents|table of contents|summary|contact(?: us| details)?|faq|frequently asked questions|appendix|notes?|misc(?:ellaneous)?|other|home(?: ?page)?|background|about|about us|gallery|testimonials?|reviews?|blog|news|links|resources|main|index|preface|foreword|acknowledge?ments?|glossary|references|bibliography|credits|changelog|(?:tele)?phone|tel|e-?mail|fax|address|location|map|directions)$/i;
/** A table's column labels read as a heading ('Size Serves Price'): their last word names no topic. */
const COLUMN_LABEL = /\b(?:price|includes|serves|size|qty|quantity|total|amount)$/i;
/** The most words a heading may have to become a question: longer ones are sentences or several headings run together. */
const HEADING_WORDS = 4;
const FILLER = new Set(
  'the a an and or of to in on for with at by from our your we you is are be this that it its as was were will can'.split(
    ' ',
  ),
);

function view(passages: readonly Passage[]): DocumentView {
  const headings = new Set<string>();
  for (const p of passages) for (const h of p.heading?.split(HEADING_SEPARATOR) ?? []) headings.add(h.trim());
  return { text: passages.map((p) => p.text).join('\n\n'), headings: [...headings] };
}

const stems = (text: string) =>
  (text.toLowerCase().match(/\p{L}{3,}/gu) ?? [])
    .filter((w) => !FILLER.has(w))
    .map((w) => w.replace(/s$/, ''));

/** A heading whose words an earlier question already uses ('Opening hours' after 'What are your opening hours?'). */
function alreadyAsked(heading: string, questions: string[]): boolean {
  const asked = new Set(questions.flatMap(stems));
  return stems(heading).some((w) => asked.has(w));
}

/** A word everyday English knows (SUBTLEX), by its stem; names and OCR's garbage are not. */
const everyday = (word: string) => {
  const letters = word.toLowerCase().replace(/[^\p{L}]/gu, '');
  return letters === '' || generalRank(stem(letters)) < SPECIFICITY.unknownRank;
};
const capitalised = (word: string) => /^\p{Lu}\p{Ll}+\p{P}*$/u.test(word);
/** Words a heading opens with when it tells the visitor to do something ('Book a consult'), not names a thing. */
const IMPERATIVE =
  /^(?:book|call|contact|get|join|visit|find|see|do|read|check|download|make|buy|order|learn|ask|sign|register|apply|meet|browse|explore|discover|shop|try|start|click|follow|subscribe|enter)\b/i;
/** A list marker before a heading's words: 'A. Confidentiality', 'iv) Notices'. */
const LIST_MARKER = /^(?:[a-z]|[ivx]+)[.)]\s+/i;

/**
 * A heading or phrase as a visitor would name the thing, or null when it names none: a section label in capitals
 * or Title Case is lowercased (names everyday English lacks keep their capitals); a number (an address, a version,
 * a date), an unknown word in lower case (OCR's 'HET tae'), an instruction ('Book a consult') or a lone adjective
 * ('Residential') makes no question.
 */
function thingNamed(text: string): string | null {
  const label = text.replace(LIST_MARKER, '');
  if (/\d/.test(label) || !/\p{L}{3}/u.test(label) || IMPERATIVE.test(label)) return null;
  const shouting = label === label.toUpperCase();
  const words = (shouting ? label.toLowerCase() : label).split(/\s+/);
  if (words.length > HEADING_WORDS) return null;
  if (words.some((word) => !capitalised(word) && !everyday(word))) return null;
  const last = (words.at(-1) ?? '').replace(/\P{L}+$/u, '');
  if (ADJECTIVE_END.test(last) || (words.length === 1 && /(?:al|ic)$/i.test(last))) return null;
  return words.map((w) => (capitalised(w) && everyday(w) ? w.toLowerCase() : w)).join(' ');
}

/**
 * 'About the clinic' → 'What can you tell me about the clinic?'; 'Our history' → '… about your history?';
 * 'Pricing', 'Weddings', 'Getting started' take no article.
 */
function headingQuestion(heading: string, title: string | undefined): string | null {
  const text = heading.replace(/[:?.!]+$/, '').trim();
  if (text === title || heading.endsWith('?') || GENERIC_HEADING.test(text) || COLUMN_LABEL.test(text))
    return null;
  const named = thingNamed(/^about\s+/i.test(text) ? text.replace(/^about\s+/i, '') : text);
  if (!named) return null;
  const thing = named.replace(/^our\s+/i, 'your ');
  const bare =
    !thing.includes(' ') ||
    /^(?:the|a|an|your)\b/i.test(thing) ||
    /s$/.test(thing) ||
    /^\p{L}+ing\b/u.test(thing);
  const article = bare ? '' : 'the ';
  return `What can you tell me about ${article}${thing}?`;
}

/** How a visitor's question opens; an FAQ heading opening otherwise ('Still have questions?') is the page's own voice. */
const ASKS =
  /^(?:what|what's|when|where|who|which|why|how|is|are|am|do|does|did|can|could|will|would|should|shall|may|might|have|has|must)\b/i;

/**
 * An FAQ heading as the visitor's question, or null when it is none: without its 'Q.', in sentence case when it is
 * in capitals or Title Case (names everyday English lacks keep their capitals).
 */
function faqQuestion(heading: string): string | null {
  const text = heading
    .replace(/^q\s*[.:)-]\s*/i, '')
    .replace(/\s+\?$/, '?')
    .trim();
  if (!ASKS.test(text)) return null;
  const words = text.split(/\s+/);
  const titled = words.filter((w) => /^\p{Lu}/u.test(w)).length / words.length > 0.6;
  if (text !== text.toUpperCase() && !titled) return text;
  const sentence = words
    .map((w, i) => {
      if (i === 0) return w === w.toUpperCase() ? w.charAt(0) + w.slice(1).toLowerCase() : w;
      return (w === w.toUpperCase() || everyday(w)) && w.length > 1 ? w.toLowerCase() : w;
    })
    .join(' ');
  // A second question in the heading starts with a capital again ('What is this site? Who runs it?').
  return sentence.replace(
    /([?.!]\s+)(\p{Ll})/gu,
    (_, stop: string, letter: string) => stop + letter.toUpperCase(),
  );
}

/** For documents without usable headings: the most repeated two-word phrase of content words. */
function phraseQuestion(text: string): Suggestion | null {
  const counts = new Map<string, number>();
  const words = text.toLowerCase().match(/[\p{L}][\p{L}'-]+/gu) ?? [];
  for (let i = 0; i + 1 < words.length; i++) {
    const [a, b] = [words[i] ?? '', words[i + 1] ?? ''];
    if (FILLER.has(a) || FILLER.has(b) || a.length < 3 || b.length < 3) continue;
    counts.set(`${a} ${b}`, (counts.get(`${a} ${b}`) ?? 0) + 1);
  }
  const best = [...counts].filter(([, n]) => n >= 2).sort((x, y) => y[1] - x[1])[0];
  const thing = best && thingNamed(best[0]);
  return thing
    ? {
        question: `What can you tell me about ${thing}?`,
        evidence: { passage: new RegExp(`\\b${thing}`, 'i') },
      }
    : null;
}

/** Whether the bot's answer is sure and comes from where the suggestion was found (topics.ts, Evidence). */
function answeredFrom(evidence: Evidence, answer: SuggestionCheck): boolean {
  if (!answer.sure) return false;
  if (evidence.facts && answer.fromFacts) return true;
  return answer.passages.some(
    (p) =>
      (evidence.passage !== undefined &&
        (evidence.passage.test(p.text) || evidence.passage.test(p.heading ?? ''))) ||
      (evidence.heading !== undefined &&
        (p.heading?.split(HEADING_SEPARATOR) ?? []).some((h) => h.trim() === evidence.heading)),
  );
}

/**
 * 4–6 questions a visitor might ask, from the document's own topics and headings (no LLM): common business
 * topics first (only when the text speaks of them), then FAQ questions and headings, then a repeated phrase. Each
 * ends with '?', is at most 80 characters, and no two are the same question (case and punctuation aside). With a
 * check, a question is kept only when the bot answers it sure from where it was found (decision 107).
 */
export function suggestQuestions(passages: readonly Passage[], options: SuggestOptions = {}): string[] {
  const max = Math.max(1, options.max ?? DEFAULT_QUESTION_COUNT);
  const doc = view(passages);
  const title = passages[0]?.heading?.split(HEADING_SEPARATOR)[0];
  const faq = doc.headings.filter((h) => h.endsWith('?'));
  const fromHeading = (h: string, question: string | null): [Suggestion | null, string] => [
    question ? { question, evidence: { heading: h } } : null,
    h,
  ];
  const candidates: [suggestion: Suggestion | null, heading: string | null][] = [
    ...TOPICS.map((topic): [Suggestion | null, null] => [topic.ask(doc), null]),
    ...faq.map((h): [Suggestion | null, null] => {
      const question = faqQuestion(h);
      return [question ? { question, evidence: { heading: h } } : null, null];
    }),
    ...doc.headings.map((h) => fromHeading(h, headingQuestion(h, title))),
    [phraseQuestion(doc.text), null],
  ];
  const seen = new Set<string>();
  const questions: string[] = [];
  for (const [suggestion, heading] of candidates) {
    if (!suggestion) continue;
    const { question, evidence } = suggestion;
    if (question.length > MAX_QUESTION_LENGTH || !question.endsWith('?')) continue;
    const key = questionKey(question);
    if (seen.has(key) || (heading && alreadyAsked(heading, questions))) continue;
    seen.add(key);
    if (options.check && !answeredFrom(evidence, options.check(question))) continue;
    questions.push(question);
    if (questions.length >= max) break;
  }
  return questions;
}
