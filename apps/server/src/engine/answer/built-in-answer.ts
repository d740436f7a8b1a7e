import type { SearchResult } from '../retrieval/index.js';
import type { Answer } from './answer.js';
import type { AssuranceModel } from './assurance.js';
import type { BotKnowledge } from './bot-knowledge.js';
import { compose } from './compose.js';
import { factAnswer } from './fact-answer.js';
import { factReply } from './fact-replies.js';
import { sanitizeMarkdown } from './markdown-safety.js';
import type { Question } from './question.js';
import type { ToneWords } from './tone.js';

/** Passages an answer is composed from, at most. */
export const SEARCH_LIMIT = 5;

/** What the built-in stages know of a question: the engine's turn, and the build's check of its suggestions. */
export interface DocumentTurn {
  question: Question;
  query: string;
  /** The search results for the query, best first. */
  results: SearchResult[];
  knowledge: BotKnowledge;
  tone: ToneWords;
  email: string | null;
  opener: string | undefined;
  documentName: string;
  assurance?: AssuranceModel;
  /** The key facts' reply, read once (undefined: not read yet). */
  facts?: ReturnType<typeof factReply>;
}

function factsOf(turn: DocumentTurn): ReturnType<typeof factReply> {
  if (turn.facts === undefined)
    turn.facts = factReply(turn.question.asked, turn.knowledge.index, turn.documentName);
  return turn.facts;
}

/** The key facts answer the everyday topics (topics/); null when none recognises the question. */
export function keyFactsStage(turn: DocumentTurn): Answer | null {
  const facts = factsOf(turn);
  // The hours for a day they do not give: no passage can be sure of that day, only give the week as the closest.
  if (!facts || (facts.partial && facts.topic !== 'hours')) return null;
  return factAnswer(facts, turn.opener, turn.tone, turn.email, turn.assurance);
}

/** The document's passages (compose.ts), which always answer, the closest facts standing in where they are not sure. */
export function passagesStage(turn: DocumentTurn): Answer {
  const { question, knowledge } = turn;
  const composed = compose({
    message: question.text,
    type: question.type,
    query: turn.query,
    results: turn.results.slice(0, SEARCH_LIMIT),
    knowledge,
    tone: turn.tone,
    email: turn.email,
    documentName: turn.documentName,
    ...(turn.opener ? { opener: turn.opener } : {}),
    ...(turn.assurance ? { assurance: turn.assurance } : {}),
  });
  // The closest facts (decision 091) stand in only where the document's own passages give no sure answer.
  const closestFacts = factsOf(turn);
  const composedSure = composed.kind === 'answer' && !composed.unsure;
  if (closestFacts && !composedSure) {
    const answer = factAnswer(closestFacts, turn.opener, turn.tone, turn.email, turn.assurance);
    return composed.assessment && answer.assessment
      ? { ...answer, assessment: { ...answer.assessment, insteadOf: composed.assessment } }
      : answer;
  }
  return {
    reply: sanitizeMarkdown(composed.reply),
    kind: composed.kind,
    engine: 'built-in',
    sources: composed.used,
    ...(composed.declineReason ? { declineReason: composed.declineReason } : {}),
    ...(composed.unsure ? { unsure: composed.unsure } : {}),
    ...(composed.assessment ? { assessment: composed.assessment } : {}),
  };
}
