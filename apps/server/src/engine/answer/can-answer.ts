import type { BotKnowledge } from './bot-knowledge.js';
import { compose } from './compose.js';
import { toneWords } from './tone.js';

/** Passages an answer is composed from, at most. */
export const SEARCH_LIMIT = 5;

/** Whether the built-in engine answers the question from the document rather than declining (suggested questions). */
export function canAnswer(knowledge: BotKnowledge, question: string): boolean {
  const results = knowledge.index.search(question, { limit: SEARCH_LIMIT });
  const composed = compose({
    message: question,
    query: question,
    results,
    knowledge,
    tone: toneWords('professional'),
    email: '',
    documentName: '',
  });
  return composed.kind === 'answer';
}
