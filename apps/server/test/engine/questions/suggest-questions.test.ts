import { splitIntoPassages } from '../../../src/engine/passages/index.js';
import { suggestQuestions, MAX_QUESTION_LENGTH } from '../../../src/engine/questions/index.js';
import { TOPICS } from '../../../src/engine/questions/topics.js';
import { canAnswer, loadKnowledge } from '../../../src/engine/answer/index.js';
import { buildIndex, indexTerms } from '../../../src/engine/retrieval/index.js';
import { HANDBOOK } from '../retrieval/fixtures/harbourview.js';

const passagesOf = (text: string) => splitIntoPassages({ text, pages: null });
/** Content words, stemmed like the index; question words like 'what' and 'you' are stop words there. */
const contentWords = (text: string) => indexTerms(text).filter((t) => /^[a-z]/.test(t) && t !== 'offer');

function expectWellFormed(questions: string[], documentText: string): void {
  expect(new Set(questions.map((q) => q.toLowerCase())).size).toBe(questions.length);
  const documentWords = new Set(contentWords(documentText));
  for (const q of questions) {
    expect(q.length).toBeLessThanOrEqual(MAX_QUESTION_LENGTH);
    expect(q).toMatch(/^[A-Z].*\?$/);
    expect(
      contentWords(q).some((w) => documentWords.has(w)),
      q,
    ).toBe(true);
  }
}

describe('suggestQuestions', () => {
  const passages = passagesOf(HANDBOOK);

  it('asks 4–6 sensible, grounded questions about the handbook, most useful topics first', () => {
    const questions = suggestQuestions(passages);
    expect(questions.length).toBeGreaterThanOrEqual(4);
    expect(questions.length).toBeLessThanOrEqual(6);
    expectWellFormed(questions, HANDBOOK);
    expect(questions.slice(0, 3)).toEqual([
      'What are your opening hours?',
      'Where are you located?',
      'How much does an initial assessment cost?',
    ]);
  });

  it('asks only what the engine can answer from the handbook, and can be asked to check', () => {
    const knowledge = loadKnowledge(buildIndex(passages));
    const isAnswerable = (q: string) => canAnswer(knowledge, q);
    const all = suggestQuestions(passages, { max: 30 });
    expect(all.length).toBeGreaterThan(6);
    expectWellFormed(all, HANDBOOK);
    expect(all.filter((q) => !isAnswerable(q))).toEqual([]);
    expect(suggestQuestions(passages, { max: 4, isAnswerable: () => true })).toHaveLength(4);
    expect(suggestQuestions(passages, { isAnswerable: () => false })).toEqual([]);
  });

  it('uses FAQ headings, priced items and offered items from plain text', () => {
    const text = [
      'SUNRISE BAKERY',
      '',
      '1. Opening hours',
      'We are open every day from 7am to 6pm.',
      '',
      '2. Products',
      'We sell sourdough loaves, rye bread and croissants. A custom cake costs $45.',
      '',
      'Do you have gluten-free bread?',
      'Yes, every Tuesday and Friday.',
    ].join('\n');
    const questions = suggestQuestions(passagesOf(text));
    expect(questions).toEqual([
      'What are your opening hours?',
      'How much does a custom cake cost?',
      'What products do you offer?',
      'Do you sell sourdough loaves?',
      'Do you have gluten-free bread?',
    ]);
  });

  it('works without headings and asks nothing the text does not support', () => {
    const text =
      'Our shop sells fresh fruit. We open at 8am.\n\nWe also deliver to your door for a small fee.';
    const questions = suggestQuestions(passagesOf(text));
    expectWellFormed(questions, text);
    expect(questions).toContain('What are your opening hours?');
    expect(questions).toContain('Do you deliver?');
    expect(questions).not.toContain('What services do you offer?');
    expect(questions).not.toContain('Is parking available?');
  });

  it('falls back to a repeated phrase, and returns nothing for an empty document', () => {
    const text = 'Fresh fruit boxes are packed each morning. Every fresh fruit box holds local produce.';
    expect(suggestQuestions(passagesOf(text))).toEqual(['What can you tell me about fresh fruit?']);
    expect(suggestQuestions([])).toEqual([]);
  });
});

describe('topic questions on a hostile sentence', () => {
  it('looks for a price only in sentences of ordinary length (the pattern is quadratic in a long one)', () => {
    const price = TOPICS.find((topic) => topic.id === 'price')!;
    // 200,000 characters in one sentence: hours of backtracking for the price pattern, nothing when skipped.
    const text = `${"a'".repeat(100_000)} is $5`;
    expect(price.ask({ text, headings: [] })).toBeNull();
    expect(price.ask({ text: 'A haircut is $45.', headings: [] })).toBe('How much does a haircut cost?');
  }, 30_000);
});
