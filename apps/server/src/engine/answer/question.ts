import type { EngineRules } from '../rules.js';
import { answerTypeOf, type AnswerType } from './answer-types.js';
import { askedQuestion, type AskedQuestion } from './asked-question.js';
import { expandShorthand } from './shorthand.js';
import { stripGreeting } from './small-talk.js';

/**
 * A visitor's question analysed once, for every stage that answers it (issue 44): the words to answer (greeting
 * taken off, chat shorthand written out), whether it opened with a greeting, its folded reading for the everyday
 * topics, and the kind of fact it asks for.
 */
export interface Question {
  /** The message as sent, spaces squeezed. */
  readonly message: string;
  /** What is answered: the message without its greeting, its shorthand written out. */
  readonly text: string;
  readonly greeted: boolean;
  /** The folded reading the everyday topics share (topics/). */
  readonly asked: AskedQuestion;
  /** The kind of fact asked for ('how much' → money), or null when any sentence may answer. */
  readonly type: AnswerType | null;
}

export function analyseQuestion(message: string, rules: EngineRules): Question {
  const { rest, greeted } = stripGreeting(message);
  const text = expandShorthand(rest, rules);
  return { message, text, greeted, asked: askedQuestion(text), type: answerTypeOf(text) };
}
