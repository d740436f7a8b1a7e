import {
  answerTypeOf,
  holdsAnswerType,
  namedThing,
  requiresAnswerType,
} from '../../../src/engine/answer/answer-types.js';

const none = new Set<string>();

describe('answer types', () => {
  it('reads the kind of fact a question asks for', () => {
    expect(answerTypeOf('How much does a session cost?')).toBe('money');
    expect(answerTypeOf('how much for a virus removal')).toBe('money');
    expect(answerTypeOf('my keyboard is broken, how much to replace it?')).toBe('money');
    expect(answerTypeOf('price for a deep valet on a 7 seater?')).toBe('money');
    expect(answerTypeOf('How much notice do you need?')).toBe('number');
    expect(answerTypeOf('How many seats are there?')).toBe('number');
    expect(answerTypeOf("What's the minimum order?")).toBe('amount');
    expect(answerTypeOf('How long does delivery take?')).toBe('duration');
    expect(answerTypeOf('how long have you been in business?')).toBe('time');
    expect(answerTypeOf('When did the shop open?')).toBe('time');
    expect(answerTypeOf('Which version is this?')).toBe('version');
    expect(answerTypeOf('Who founded the company?')).toBe('name');
    expect(answerTypeOf('Is there a phone number I can call?')).toBe('phone');
    expect(answerTypeOf('Where can I find the price list online?')).toBe('link');
    expect(answerTypeOf('Why is the sky blue?')).toBeNull();
    // 'when' inside a sentence is no question about time.
    expect(answerTypeOf('What should I include when I write to you?')).toBeNull();
  });

  it('requires the kind only where an answer without it would not answer', () => {
    expect(requiresAnswerType('number', 'How many seats are there?')).toBe(true);
    expect(requiresAnswerType('number', 'Is there a cap on how much I can take?')).toBe(false);
    expect(requiresAnswerType('phone', 'Is there a phone number I can call?')).toBe(true);
    expect(requiresAnswerType('time', 'When does the library return an error?')).toBe(false);
    expect(requiresAnswerType('time', 'When did the first release come out?')).toBe(true);
  });

  it('finds each kind in a sentence', () => {
    expect(holdsAnswerType('money', 'A session costs $85.', none)).toBe(true);
    expect(holdsAnswerType('money', 'A session lasts 45 minutes.', none)).toBe(false);
    expect(holdsAnswerType('duration', 'Delivery takes 7-10 business days.', none)).toBe(true);
    expect(holdsAnswerType('duration', 'Terms last one calendar year.', none)).toBe(true);
    expect(holdsAnswerType('amount', 'Payouts are sent on the 22nd of the month.', none)).toBe(false);
    expect(holdsAnswerType('amount', 'The minimum balance is $100.', none)).toBe(true);
    expect(holdsAnswerType('time', 'It came out in August 1997.', none)).toBe(true);
    expect(holdsAnswerType('version', 'This manual describes version 1.0.8.', none)).toBe(true);
    expect(holdsAnswerType('phone', 'Call us at (416) 555-0142.', none)).toBe(true);
    expect(holdsAnswerType('phone', 'Copyright 1996-2019.', none)).toBe(false);
  });

  it('reads durations as contracts and policies write them', () => {
    expect(holdsAnswerType('duration', 'Pay within thirty (30) days of the invoice date.', none)).toBe(true);
    expect(holdsAnswerType('duration', 'Tell your manager (ideally 5+ business days).', none)).toBe(true);
  });

  it('takes no section or step number for a quantity', () => {
    expect(holdsAnswerType('amount', '4.2.2. Limitation of Total Liability.', none)).toBe(false);
    expect(holdsAnswerType('number', '3) Click Save.', none)).toBe(false);
    expect(holdsAnswerType('amount', '3. Up to 4 ambassadors may be chosen.', none)).toBe(true);
  });

  it('takes a name for a named thing only beside the word for it, as written', () => {
    const officer = namedThing('What is the name of your Data Protection Officer?')!;
    expect(officer.test('Our Data Protection Officer is Dana Reyes.')).toBe(true);
    expect(officer.test('UK users may write to the Information Commissioner’s Office.')).toBe(false);
    expect(namedThing('Who founded the company?')).toBeNull();
  });

  it('takes only names the question does not already give', () => {
    const asked = new Set(['who', 'founded', 'harbourview']);
    expect(holdsAnswerType('name', 'Harbourview was founded by Amelia Okafor.', asked)).toBe(true);
    expect(holdsAnswerType('name', 'Harbourview was founded in 2011.', asked)).toBe(false);
  });
});
