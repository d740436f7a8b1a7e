import type { Passage } from '../passages/types.js';
import { HEADING_SEPARATOR } from '../passages/split-passages.js';
import { TOPICS } from './topics.js';
import type { DocumentView } from './topics.js';

export const MAX_QUESTION_LENGTH = 80;
export const DEFAULT_QUESTION_COUNT = 6;

export interface SuggestOptions {
  /** How many questions at most (default 6). */
  max?: number;
  /** Keeps only questions the answer engine can answer (e.g. a confident retrieval match). */
  isAnswerable?: (question: string) => boolean;
}

/** Headings that name no topic a visitor would ask about. */
const GENERIC_HEADING =
  /^(?:introduction|intro|welcome|overview|contents|table of contents|summary|contact(?: us| details)?|faq|frequently asked questions|appendix|notes?|misc(?:ellaneous)?|other)$/i;
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

/** 'About the clinic' → 'What can you tell me about the clinic?'; 'Home exercise programme' → '… about the home …'. */
function headingQuestion(heading: string, title: string | undefined): string | null {
  const text = heading.replace(/[:?.!]+$/, '').trim();
  if (
    text === title ||
    heading.endsWith('?') ||
    GENERIC_HEADING.test(text) ||
    text.split(/\s+/).length > 6 ||
    !/\p{L}{3}/u.test(text)
  ) {
    return null;
  }
  const about = /^about\s+/i.test(text) ? text.replace(/^about\s+/i, '') : text;
  const lower = about
    .split(/\s+/)
    .map((w) => (/^\p{Lu}\p{Ll}*$/u.test(w) ? w.toLowerCase() : w))
    .join(' ');
  const single = !lower.includes(' ');
  const article = single || /^(?:the|a|an|our|your)\b/i.test(lower) || /s$/.test(lower) ? '' : 'the ';
  return `What can you tell me about ${article}${lower}?`;
}

/** For documents without usable headings: the most repeated two-word phrase of content words. */
function phraseQuestion(text: string): string | null {
  const counts = new Map<string, number>();
  const words = text.toLowerCase().match(/[\p{L}][\p{L}'-]+/gu) ?? [];
  for (let i = 0; i + 1 < words.length; i++) {
    const [a, b] = [words[i] ?? '', words[i + 1] ?? ''];
    if (FILLER.has(a) || FILLER.has(b) || a.length < 3 || b.length < 3) continue;
    counts.set(`${a} ${b}`, (counts.get(`${a} ${b}`) ?? 0) + 1);
  }
  const best = [...counts].filter(([, n]) => n >= 2).sort((x, y) => y[1] - x[1])[0];
  return best ? `What can you tell me about ${best[0]}?` : null;
}

/**
 * 4–6 questions a visitor might ask, from the document's own topics and headings (no LLM): common business
 * topics first (only when the text speaks of them), then headings, then a repeated phrase. Each ends with '?',
 * is at most 80 characters, and no two are the same.
 */
export function suggestQuestions(passages: readonly Passage[], options: SuggestOptions = {}): string[] {
  const max = Math.max(1, options.max ?? DEFAULT_QUESTION_COUNT);
  const doc = view(passages);
  const title = passages[0]?.heading?.split(HEADING_SEPARATOR)[0];
  const faq = doc.headings.filter((h) => h.endsWith('?'));
  const candidates: [question: string | null, topic: string | null][] = [
    ...TOPICS.map((topic): [string | null, null] => [topic.ask(doc), null]),
    ...faq.map((h): [string, null] => [h, null]),
    ...doc.headings.map((h): [string | null, string] => [headingQuestion(h, title), h]),
    [phraseQuestion(doc.text), null],
  ];
  const seen = new Set<string>();
  const questions: string[] = [];
  for (const [question, heading] of candidates) {
    if (!question || question.length > MAX_QUESTION_LENGTH || !question.endsWith('?')) continue;
    const key = question.toLowerCase();
    if (seen.has(key) || (heading && alreadyAsked(heading, questions))) continue;
    seen.add(key);
    if (options.isAnswerable && !options.isAnswerable(question)) continue;
    questions.push(question);
    if (questions.length >= max) break;
  }
  return questions;
}
