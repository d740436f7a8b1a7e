import { analyseQuestion } from '../../../src/engine/answer/question.js';
import { ALL_RULES, rulesWithout } from '../../../src/engine/rules.js';

describe('a question analysed once', () => {
  it('takes off the greeting, writes out chat shorthand and reads the kind of fact asked for', () => {
    const question = analyseQuestion('Hi! hw much r u for a deep clean?', ALL_RULES);
    expect(question.greeted).toBe(true);
    expect(question.text).toBe('how much are you for a deep clean?');
    expect(question.type).toBe('money');
    expect(question.asked.folded).toBe('how much are you for a deep clean?');
  });

  it('leaves shorthand as typed when its rule is off, and asks no kind of fact of a yes/no question', () => {
    const question = analyseQuestion('r u open on sundays', rulesWithout(['shorthand']));
    expect(question.greeted).toBe(false);
    expect(question.text).toBe('r u open on sundays');
    expect(question.type).toBeNull();
  });
});
