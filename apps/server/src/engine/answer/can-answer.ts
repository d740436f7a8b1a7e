import type { Answer } from './answer.js';
import type { BotKnowledge } from './bot-knowledge.js';
import { passagesStage, keyFactsStage } from './built-in-answer.js';
import { analyseQuestion } from './question.js';
import { toneWords } from './tone.js';

/** Results searched for an opening question (answer-engine's LLM_SEARCH_LIMIT: the stages see the same ones). */
const RESULTS = 8;

/**
 * The built-in engine's answer to an opening question, as a visitor would get it from the bot (key facts, then the
 * passages), without the model, the owner's corrections or a cache: the build checks its suggested questions
 * with it, so a suggestion is one the bot answers `sure` (decision 107).
 */
export function builtInAnswer(knowledge: BotKnowledge, message: string): Answer {
  const question = analyseQuestion(message.trim().replace(/\s+/g, ' '), knowledge.index.rules);
  const turn = {
    question,
    query: question.text,
    results: knowledge.index.search(question.text, { limit: RESULTS }),
    knowledge,
    tone: toneWords('professional'),
    email: '',
    opener: undefined,
    documentName: '',
  };
  return keyFactsStage(turn) ?? passagesStage(turn);
}
