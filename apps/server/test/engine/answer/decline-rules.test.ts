import {
  ABSENT_SPECIFICITY,
  absentThing,
  absentWord,
  noMatch,
  unmatchedFocus,
  wordsFor,
} from '../../../src/engine/answer/decline-rules.js';
import { COVER_WEIGHT_FLOOR, type WeightedConcept } from '../../../src/engine/answer/question-weights.js';
import { ALL_RULES, rulesWithout } from '../../../src/engine/rules.js';

/** A question word as the composer weighs it: present (with itself as its alternative) or absent. */
const word = (term: string, present: boolean, cover: number, rank = 1): WeightedConcept => ({
  concept: { term, alternatives: present ? [{ term, factor: 1 }] : [], counted: true },
  rank,
  cover,
});
const specific = COVER_WEIGHT_FLOOR + ABSENT_SPECIFICITY + 0.5;

describe('decline rules', () => {
  it('no-match: no passage found, or nothing in the question weighs anything', () => {
    expect(noMatch(0, [word('lesson', true, 1)])).toEqual({ rule: 'no-match', words: [] });
    expect(noMatch(3, [word('the', true, 0, 0)])).toEqual({ rule: 'no-match', words: [] });
    expect(noMatch(3, [word('lesson', true, 1)])).toBeNull();
  });

  it('absent-word: a specific word the document never uses, named as the visitor wrote it', () => {
    const weighted = [word('pay', true, 0.5), word('amex', false, specific)];
    expect(absentWord('Can I pay with AMEX?', weighted)).toEqual({
      rule: 'absent-word',
      words: ['amex'],
    });
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

  it('absent-thing: a yes/no question about a thing the document never names, or never with its quality', () => {
    const thing = (present: boolean) => word('shower', present, 1.8);
    expect(
      absentThing('Is there a shower I can use?', [thing(false), word('use', true, 0.3)], ALL_RULES),
    ).toEqual({
      rule: 'absent-word',
      words: ['shower'],
    });
    const female = [word('ask', true, 0.2), word('femal', false, 2), word('instructor', true, 2.2)];
    expect(absentThing('Can I ask for a female instructor?', female, ALL_RULES)?.words).toEqual(['female']);
    const amex = [word('take', true, 0.3), word('american', false, 1.1), word('express', true, 1.9)];
    expect(absentThing('do you take american express?', amex, ALL_RULES)?.words).toEqual(['american']);
    // Named only by a completion ('motor' for 'motorbike'): not the thing asked for.
    const motorbike: WeightedConcept = {
      concept: { term: 'motorbik', alternatives: [{ term: 'motor', factor: 0.6 }], counted: true },
      rank: 1,
      cover: 3.9,
    };
    expect(
      absentThing('do you do motorbike lessons too?', [motorbike, word('lesson', true, 0.9)], ALL_RULES),
    ).not.toBeNull();
  });

  it('absent-thing: not for a thing named, a word after the phrase, a question that is no yes/no, or the rule off', () => {
    expect(absentThing('Is there a shower?', [word('shower', true, 1.8)], ALL_RULES)).toBeNull();
    const laptop = [
      word('expens', true, 1),
      word('window', true, 1),
      word('laptop', true, 1),
      word('instead', false, 1),
    ];
    expect(absentThing('Can I expense a Windows laptop instead of a Mac?', laptop, ALL_RULES)).toBeNull();
    expect(absentThing('Where is the shower?', [word('shower', false, 1.8)], ALL_RULES)).toBeNull();
    const off = rulesWithout(['absent-thing-decline']);
    expect(absentThing('Is there a shower?', [word('shower', false, 1.8)], off)).toBeNull();
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
