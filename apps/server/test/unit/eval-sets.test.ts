import {
  declines,
  grade,
  isEveryday,
  isHeldBack,
  parseHoldout,
} from '../../../../bench/support/eval-sets.js';

/** The grading bench/answer-quality and bench/eval-engine share (../shared/eval/README.md). */
describe('evaluation grading', () => {
  it('counts a reply right when it holds every string of one group, in any case', () => {
    const any = [['£38', 'Lesson'], ['thirty-eight pounds']];
    expect(grade('a lesson costs £38 an hour.', any).right).toBe(true);
    expect(grade('It is Thirty-Eight Pounds.', any).right).toBe(true);
    expect(grade('A lesson costs £40.', any).right).toBe(false);
  });

  it('reads a fact written in another format of the same value: dashes, spaces, times', () => {
    expect(grade('Sunday: 10am–6pm.', [['10am - 6pm']]).right).toBe(true);
    expect(grade('Saturday: 11 AM–11:30 PM.', [['11:00 AM', '11:30 PM']]).right).toBe(true);
    expect(grade('Open from 9.00 a.m.', [['9am']]).right).toBe(true);
    expect(grade('Open from 9:30am.', [['9am']]).right).toBe(false);
    expect(grade('Call 0161 496 0000.', [['0161 496 0001']]).right).toBe(false);
  });

  it('counts a decline in every tone, with typographic apostrophes, and only a decline for the unanswerable', () => {
    expect(declines('Sorry, I couldn’t find that in the document.')).toBe(true);
    expect(declines('I do not have that information in my documents.')).toBe(true);
    expect(declines('We are open from 9am.')).toBe(false);
    expect(grade("I couldn't find anything about American Express.", null)).toEqual({
      declined: true,
      right: true,
    });
    expect(grade('Our story began in 2010.', null).right).toBe(false);
    expect(grade("I couldn't find that.", [['£38']])).toEqual({ declined: true, right: false });
  });
});

describe('everyday questions', () => {
  it('are the ones about reaching, finding, opening hours and prices', () => {
    for (const q of [
      "what's your phone number?",
      'what number do i call to book',
      'email address to contact you?',
      'where exactly are you located?',
      'what are your hours monday to friday',
      'are you open on saturdays?',
      'what time do you close on fridays?',
      'price for a men’s cut?',
      'whats a root touch up cost',
      'is there an enrolment fee?',
      'how much is one driving lesson',
    ])
      expect(isEveryday(q), q).toBe(true);
  });

  it('are not the other questions', () => {
    for (const q of ['do you see rabbits?', 'can i bring my dog to work with me', 'who owns the practice?'])
      expect(isEveryday(q), q).toBe(false);
  });
});

describe('holding documents back', () => {
  const names = ['a.pdf', 'b.docx', 'c.txt', 'd.txt', 'e.pdf'];
  const heldBack = (args: string[], env: NodeJS.ProcessEnv = {}) => {
    const holdout = parseHoldout(args, env);
    return names.filter((name, i) => isHeldBack(holdout, name, i));
  };

  it('holds back documents by a part of their name, from an option or the environment', () => {
    expect(heldBack(['--holdout=B.DOCX, e.'])).toEqual(['b.docx', 'e.pdf']);
    expect(heldBack([], { EVAL_HOLDOUT: 'c.txt' })).toEqual(['c.txt']);
    expect(heldBack([])).toEqual([]);
  });

  it('holds back every K-th document from the N-th, so the folds cover each document once', () => {
    expect(heldBack(['--fold=1/2'])).toEqual(['a.pdf', 'c.txt', 'e.pdf']);
    expect(heldBack([], { EVAL_FOLD: '2/2' })).toEqual(['b.docx', 'd.txt']);
    expect(heldBack(['--fold=3/3'])).toEqual(['c.txt']);
  });

  it('refuses a fold it cannot read', () => {
    for (const fold of ['0/2', '3/2', '1/1', 'half'])
      expect(() => parseHoldout([`--fold=${fold}`], {})).toThrow();
  });
});
