import { answerEngine, type AnswerBot } from '../../../src/engine/answer/index.js';
import { rulesWithout, type EngineRule } from '../../../src/engine/rules.js';

/**
 * A fresh built-in engine (no cached answers) over a serialized index, with these rules off, as the function that
 * answers `bot`'s visitor's first question.
 */
export function askerOf(bot: AnswerBot, index: string, off: EngineRule[] = []) {
  const engine = answerEngine({
    readIndex: async () => index,
    supportEmail: 'help@vuxo.example',
    llm: null,
    rules: rulesWithout(off),
  });
  return (message: string) => engine.answer({ bot, message, history: [] });
}
