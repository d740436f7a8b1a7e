import { splitIntoPassages } from '../../../src/engine/passages/index.js';
import { suggestQuestions, MAX_QUESTION_LENGTH } from '../../../src/engine/questions/index.js';
import { TOPICS } from '../../../src/engine/questions/topics.js';
import { builtInAnswer, loadKnowledge, type BotKnowledge } from '../../../src/engine/answer/index.js';
import { buildIndex, indexTerms } from '../../../src/engine/retrieval/index.js';
import { buildKnowledgeHere } from '../../../src/engine/build/build-knowledge.js';
import { HANDBOOK } from '../retrieval/fixtures/harbourview.js';

const passagesOf = (text: string) => splitIntoPassages({ text, pages: null });
/** The build's check (build-knowledge.ts): the bot's answer as a visitor gets it, sure or not, and from where. */
const checkWith = (knowledge: BotKnowledge) => (question: string) => {
  const answer = builtInAnswer(knowledge, question);
  return {
    sure: answer.kind === 'answer' && !answer.unsure,
    fromFacts: answer.assessment?.from === 'facts',
    passages: answer.sources.map((source) => source.passage),
  };
};
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
    const check = checkWith(knowledge);
    const all = suggestQuestions(passages, { max: 30, check });
    expect(all.length).toBeGreaterThan(6);
    expectWellFormed(all, HANDBOOK);
    expect(all.filter((q) => !check(q).sure)).toEqual([]);
    const sureFromFacts = () => ({ sure: true, fromFacts: true, passages });
    expect(suggestQuestions(passages, { max: 4, check: sureFromFacts })).toHaveLength(4);
    expect(suggestQuestions(passages, { check: () => ({ ...sureFromFacts(), sure: false }) })).toEqual([]);
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
    expect(price.ask({ text: 'A haircut is $45.', headings: [] })?.question).toBe(
      'How much does a haircut cost?',
    );
  }, 30_000);
});

/** The practice of issue 45: 'denture delivery' is no delivery service, and 'thoughtful' no thing to provide. */
const DENTAL = `# Bright Smile Dental

## About us
Bright Smile Dental is a family dental practice in Leeds. We provide thoughtful, gentle care for patients of all ages.

## Opening hours
Monday to Friday 8:30 am to 5:30 pm. Saturday 9 am to 1 pm.

## Dentures
We make full and partial dentures in our own lab. Denture delivery takes place at a fitting appointment about three weeks after your impressions, when the dentist checks the fit and bite.

## Check-ups
A check-up costs £45 and includes a scale and polish. We recommend a check-up every six months.

## New patients
We welcome new patients. Call 0113 496 0123 or email hello@brightsmile.example to book an appointment.

## Parking
Free parking is available behind the practice on Church Street.
`;

describe('the build’s suggestions: only questions the bot answers sure, from where they were found (decision 107)', () => {
  it('suggests what a patient asks, each answered sure by the engine, and never a delivery from dentures', () => {
    const built = buildKnowledgeHere({ text: DENTAL, pages: null });
    const check = checkWith(loadKnowledge(built.index));
    expect(built.questions.length).toBeGreaterThanOrEqual(4);
    expect(built.questions.filter((q) => !check(q).sure)).toEqual([]);
    expect(built.questions).toEqual(
      expect.arrayContaining([
        'What are your opening hours?',
        'How much does a check-up cost?',
        'Is parking available?',
        'How can I contact you?',
      ]),
    );
    expect(built.questions.join(' ')).not.toMatch(/deliver|thoughtful/i);
  });

  it('drops a sure answer from a passage on another subject, and an everyday question the key facts do not answer', () => {
    const passages = passagesOf(DENTAL);
    const dentures = passages.filter((p) => p.heading?.includes('Dentures'));
    const parking = passages.filter((p) => p.heading?.includes('Parking'));
    // The engine is sure, but of the dentures passage: 'Is parking available?' is not answered by it.
    const fromDentures = () => ({ sure: true, fromFacts: false, passages: dentures });
    expect(suggestQuestions(passages, { check: fromDentures })).toEqual([
      'What can you tell me about dentures?',
    ]);
    // From the parking passage, parking is kept; the opening hours need the key facts, not a passage.
    const fromParking = () => ({ sure: true, fromFacts: false, passages: parking });
    expect(suggestQuestions(passages, { check: fromParking })).toEqual(['Is parking available?']);
  });

  it('words the document’s topics as a visitor asks them, and asks no question twice', () => {
    const text = [
      '# Harbour Bakery',
      'A bakery on the harbour.',
      '## DECORATED COOKIES',
      'Sugar cookies with icing, from $25 a dozen.',
      '## RESIDENTIAL',
      'We bake for residents of the harbour.',
      '## Our history',
      'Founded by the Moreau family in 1990.',
      '## Version 1.0.8 of 13 July 2019',
      'Old notes.',
      '## Book a tasting',
      'Tastings are held on Fridays.',
      '## regular baking ET sa HET tae',
      'Scanned text.',
      '## What are your opening hours',
      'We are open every day from 7am to 6pm.',
      '## Q. DO YOU BAKE WEDDING CAKES?',
      'Yes, to order.',
      '## Still have questions?',
      'Write to us.',
      '## Our philosophy',
      'We provide thoughtful, careful baking.',
    ].join('\n\n');
    const questions = suggestQuestions(passagesOf(text), { max: 30 });
    expect(questions).toEqual([
      'What are your opening hours?',
      'How can I book?',
      'Do you bake wedding cakes?',
      'What can you tell me about decorated cookies?',
      'What can you tell me about your history?',
      'What can you tell me about your philosophy?',
    ]);
  });
});
