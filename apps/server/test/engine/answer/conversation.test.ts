import {
  detectSmallTalk,
  looksLikeFollowUp,
  mergeWithPrevious,
  resolveFollowUp,
  stripGreeting,
} from '../../../src/engine/answer/index.js';

describe('small talk', () => {
  it.each([
    ['hi', 'greeting'],
    ['Hello there!', 'greeting'],
    ['hey Harbour Helper', 'greeting'],
    ['Good morning', 'greeting'],
    ['👋', 'greeting'],
    ['thanks!', 'thanks'],
    ['Thank you so much', 'thanks'],
    ['ok, great, thanks', 'thanks'],
    ['much appreciated', 'thanks'],
    ['bye', 'goodbye'],
    ['Thanks, bye!', 'goodbye'],
    ['have a nice day', 'goodbye'],
    ['how are you?', 'how-are-you'],
    ['Who are you?', 'identity'],
    ["what's your name", 'identity'],
    ['Are you a bot?', 'identity'],
    ['What can you do?', 'identity'],
    ['hi, what can I ask you?', 'identity'],
  ] as const)('%j is %s', (message, kind) => {
    expect(detectSmallTalk(message, 'Harbour Helper')).toBe(kind);
  });

  it.each([
    'Hi, are you open on Sundays?',
    'What do you know about parking?',
    'Thanks, and how much is a follow-up?',
    'Morning appointments?',
    'history of the clinic',
    'Can I bring my service dog?',
  ])('%j is a question', (message) => {
    expect(detectSmallTalk(message, 'Harbour Helper')).toBeNull();
  });

  it('takes a greeting off the front of a question', () => {
    expect(stripGreeting('Hi! Are you open on Sundays?')).toEqual({
      rest: 'Are you open on Sundays?',
      greeted: true,
    });
    expect(stripGreeting('Morning appointments?')).toEqual({ rest: 'Morning appointments?', greeted: false });
    expect(stripGreeting('history?')).toEqual({ rest: 'history?', greeted: false });
  });
});

describe('follow-ups', () => {
  it('recognises continuations', () => {
    expect(looksLikeFollowUp('and on Saturday?')).toBe(true);
    expect(looksLikeFollowUp('What about massage?')).toBe(true);
    expect(looksLikeFollowUp('how much does it cost?')).toBe(true);
    expect(looksLikeFollowUp('Is parking available?')).toBe(false);
    expect(
      looksLikeFollowUp('Do you bill insurance directly for physiotherapy and massage treatments?'),
    ).toBe(false);
  });

  it('puts the new day or number in place of the old one', () => {
    expect(mergeWithPrevious('What time do you open on Friday?', 'and on Saturday?')).toBe(
      'What time do you open on Saturday',
    );
    expect(mergeWithPrevious('How much is a 30 minute follow-up?', 'and 45?')).toBe(
      'How much is a follow-up 45',
    );
    expect(mergeWithPrevious('How much does an initial assessment cost?', 'what about massage?')).toBe(
      'How much does an initial assessment cost massage',
    );
  });

  it('borrows from the last real question, skipping small talk', () => {
    const history = [
      { role: 'user' as const, content: 'What time do you open on Friday?' },
      { role: 'assistant' as const, content: '7:00 AM.' },
      { role: 'user' as const, content: 'thanks!' },
      { role: 'assistant' as const, content: "You're welcome!" },
    ];
    expect(resolveFollowUp('and on Saturday?', history)).toEqual({
      query: 'What time do you open on Saturday',
      borrowedFrom: 'What time do you open on Friday?',
    });
    expect(resolveFollowUp('and on Saturday?', [])).toBeNull();
  });
});
