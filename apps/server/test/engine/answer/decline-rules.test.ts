import {
  ABSENT_SPECIFICITY,
  absentWord,
  noMatch,
  unmatchedFocus,
  wordsFor,
} from '../../../src/engine/answer/decline-rules.js';
import { COVER_WEIGHT_FLOOR, type WeightedConcept } from '../../../src/engine/answer/question-weights.js';
import { setRulesOff } from '../../../src/engine/rules.js';

/** A question word as the composer weighs it: present (with itself as its alternative) or absent. */
const word = (term: string, present: boolean, cover: number, rank = 1): WeightedConcept => ({
  concept: { term, alternatives: present ? [{ term, factor: 1 }] : [], counted: true },
  rank,
  cover,
});
const specific = COVER_WEIGHT_FLOOR + ABSENT_SPECIFICITY + 0.5;

describe('decline rules', () => {
  afterEach(() => setRulesOff([]));

  it('no-match: no passage found, or nothing in the question weighs anything', () => {
    expect(noMatch(0, [word('lesson', true, 1)])).toEqual({ rule: 'no-match', words: [] });
    expect(noMatch(3, [word('the', true, 0, 0)])).toEqual({ rule: 'no-match', words: [] });
    expect(noMatch(3, [word('lesson', true, 1)])).toBeNull();
  });

  it('absent-word: a specific word the document never uses, named as the visitor wrote it', () => {
    const weighted = [word('pay', true, 0.5), word('amex', false, specific)];
    expect(absentWord('Can I pay with AMEX?', weighted)).toEqual({ rule: 'absent-word', words: ['amex'] });
  });

  it('absent-word: an everyday word missing, or one with a synonym present, does not decline', () => {
    expect(absentWord('can I come early?', [word('come', true, 1), word('earli', false, 0.8)])).toBeNull();
    const synonym: WeightedConcept = {
      concept: { term: 'linen', alternatives: [{ term: 'sheet', factor: 0.8 }], counted: true },
      rank: 1,
      cover: specific,
    };
    expect(absentWord('do you change the linen?', [synonym])).toBeNull();
  });

  it('absent-word: off with its rule', () => {
    setRulesOff(['absent-word-decline']);
    expect(
      absentWord('Can I pay with AMEX?', [word('pay', true, 0.5), word('amex', false, specific)]),
    ).toBeNull();
  });

  it('focus: the words the question is most about that the document never uses', () => {
    const weighted = [word('chef', false, 2), word('vegetarian', true, 2)];
    expect(unmatchedFocus(weighted, new Set(['chef'])).map((w) => w.concept.term)).toEqual(['chef']);
    expect(unmatchedFocus(weighted, new Set(['vegetarian']))).toEqual([]);
  });

  it("gives the question's own spelling of a stemmed term", () => {
    expect(wordsFor('Do you do Refunds on refunded orders?', ['refund'])).toEqual(['refunds', 'refunded']);
  });
});
