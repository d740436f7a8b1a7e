import { indexTerms } from '../retrieval/index.js';
import { detectSmallTalk } from './small-talk.js';

/** One turn of the conversation, as the widget sends it (History item). */
export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

/**
 * Short follow-ups borrow the topic of the visitor's previous question: after "What time do you open on
 * Friday?", "and on Saturday?" means "What time do you open on Saturday?". Whether the borrowed question is
 * then used is decided with the search (see the engine): only when the follow-up's own words are found there.
 */
const FOLLOW_UP_START =
  /^(?:and|also|plus|or|but|so|then|what about|how about|what if|same (?:for|with|on)|and what about|and how about|and for|and on|and in|and at|is that|does that|do they|is it|are they|can i|on|for|at|in|during|with|without)\b/i;
const PRONOUN = /\b(?:it|its|that|this|they|them|their|those|these|there|one|ones|he|she|him|her)\b/i;
const WEEKDAY =
  /\b(?:mon(?:day)?s?|tue(?:s(?:day)?)?s?|wed(?:nesday)?s?|thu(?:r(?:s(?:day)?)?)?s?|fri(?:day)?s?|sat(?:urday)?s?|sun(?:day)?s?|weekends?|weekdays?|today|tonight|tomorrow|holidays?)\b/gi;
const NUMBER = /\$?\b\d+(?:[.:]\d+)?(?:\s?(?:am|pm|a\.m\.|p\.m\.))?(?:-minute|-hour| minutes?| hours?)?\b/gi;

/** The follow-up's content terms (index terms), the words it adds to the borrowed topic. */
export function ownTerms(message: string): string[] {
  return [...new Set(indexTerms(message))];
}

function lastUserQuestion(history: readonly ChatTurn[]): string | null {
  for (let i = history.length - 1; i >= 0; i--) {
    const turn = history[i];
    if (turn?.role !== 'user') continue;
    if (detectSmallTalk(turn.content) === null) return turn.content;
  }
  return null;
}

/** Whether the message reads like a continuation rather than a question that stands on its own. */
export function looksLikeFollowUp(message: string): boolean {
  const text = message.trim();
  const words = text.split(/\s+/).length;
  if (words > 10) return false;
  if (FOLLOW_UP_START.test(text)) return true;
  return words <= 6 && PRONOUN.test(text);
}

/**
 * The previous question with the follow-up's words in: a day or a number replaces the previous one ('on
 * Friday' → 'on Saturday'); otherwise the follow-up's words are added.
 */
export function mergeWithPrevious(previous: string, followUp: string): string {
  let base = previous.trim().replace(/[?.!]+$/, '');
  const rest = followUp
    .trim()
    .replace(/[?.!]+$/, '')
    .replace(FOLLOW_UP_START, '')
    .trim();
  const days = rest.match(WEEKDAY);
  if (days && WEEKDAY.test(base)) base = base.replace(WEEKDAY, '').replace(/\s+/g, ' ');
  WEEKDAY.lastIndex = 0;
  const numbers = rest.match(NUMBER);
  if (numbers && NUMBER.test(base)) base = base.replace(NUMBER, '').replace(/\s+/g, ' ');
  NUMBER.lastIndex = 0;
  base = base.replace(/\b(?:on|at|for|in)\s*$/i, '').trim();
  return `${base} ${rest}`.trim();
}

export interface Resolution {
  /** The question to search with. */
  query: string;
  /** Set when the topic was borrowed: the previous question it came from. */
  borrowedFrom: string | null;
}

/** The candidate reading of a message given the history; the engine keeps it only when the search agrees. */
export function resolveFollowUp(message: string, history: readonly ChatTurn[]): Resolution | null {
  const previous = lastUserQuestion(history);
  if (!previous || previous.trim() === message.trim()) return null;
  return { query: mergeWithPrevious(previous, message), borrowedFrom: previous };
}
