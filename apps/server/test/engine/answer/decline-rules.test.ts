import {
  ABSENT_SPECIFICITY,
  absentAction,
  absentThing,
  absentWord,
  noMatch,
  unmatchedFocus,
  wordsFor,
} from '../../../src/engine/answer/decline-rules.js';
import { COVER_WEIGHT_FLOOR, type WeightedConcept } from '../../../src/engine/answer/question-weights.js';
import { loadKnowledge } from '../../../src/engine/answer/index.js';
import { splitIntoPassages } from '../../../src/engine/passages/index.js';
import { buildIndex } from '../../../src/engine/retrieval/index.js';
import { setRulesOff } from '../../../src/engine/rules.js';

/** A question word as the composer weighs it: present (with itself as its alternative) or absent. */
const word = (term: string, present: boolean, cover: number, rank = 1): WeightedConcept => ({
  concept: { term, alternatives: present ? [{ term, factor: 1 }] : [], counted: true },
  rank,
  cover,
});
const specific = COVER_WEIGHT_FLOOR + ABSENT_SPECIFICITY + 0.5;

/** A real index of a small document, for the rules that read how the document uses a word. */
const indexOf = (text: string) => loadKnowledge(buildIndex(splitIntoPassages({ text, pages: null }))).index;
const VET = indexOf(
  [
    '# Diagnostics',
    'Bloodwork is run on our in-house machines. Our on-site pharmacy fills prescriptions.',
    '# Visits',
    'Please call us at 510-233-1003. We do not offer walk-in services. A shower and a female instructor are here.',
    'We take American Express. Expense a Windows laptop or a laptop stand.',
  ].join('\n\n'),
);

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

  it('absent-thing: a yes/no question about a thing the document never names, or never with its quality', () => {
    const thing = (present: boolean) => word('shower', present, 1.8);
    expect(absentThing('Is there a shower I can use?', [thing(false), word('use', true, 0.3)], VET)).toEqual({
      rule: 'absent-word',
      words: ['shower'],
    });
    const female = [word('ask', true, 0.2), word('femal', false, 2), word('instructor', true, 2.2)];
    expect(absentThing('Can I ask for a female instructor?', female, VET)?.words).toEqual(['female']);
    const amex = [word('take', true, 0.3), word('american', false, 1.1), word('express', true, 1.9)];
    expect(absentThing('do you take american express?', amex, VET)?.words).toEqual(['american']);
    // Named only by a completion ('motor' for 'motorbike'): not the thing asked for.
    const motorbike: WeightedConcept = {
      concept: { term: 'motorbik', alternatives: [{ term: 'motor', factor: 0.6 }], counted: true },
      rank: 1,
      cover: 3.9,
    };
    expect(
      absentThing('do you do motorbike lessons too?', [motorbike, word('lesson', true, 0.9)], VET),
    ).not.toBeNull();
  });

  it('absent-thing: not for a thing named, a word after the phrase, a question that is no yes/no, or the rule off', () => {
    expect(absentThing('Is there a shower?', [word('shower', true, 1.8)], VET)).toBeNull();
    const laptop = [
      word('expens', true, 1),
      word('window', true, 1),
      word('laptop', true, 1),
      word('instead', false, 1),
    ];
    expect(absentThing('Can I expense a Windows laptop instead of a Mac?', laptop, VET)).toBeNull();
    expect(absentThing('Where is the shower?', [word('shower', false, 1.8)], VET)).toBeNull();
    setRulesOff(['absent-thing-decline']);
    expect(absentThing('Is there a shower?', [word('shower', false, 1.8)], VET)).toBeNull();
  });

  it('bound-word-thing: a word the document has only in a set phrase opened by a preposition is absent', () => {
    const house = [word('hous', true, 0.29), word('call', true, 0.25)];
    expect(absentThing('Do you make house calls?', house, VET)).toEqual({
      rule: 'absent-word',
      words: ['house'],
    });
    expect(
      absentThing('Is there a site manager?', [word('site', true, 0.3), word('manag', false, 0.3)], VET),
    ).toEqual({ rule: 'absent-word', words: ['site'] });
  });

  it("bound-word-thing: not for the question's own set phrase, a word also used alone, a verb's particle, or off", () => {
    const site = [word('site', true, 0.3), word('pharmaci', true, 1)];
    expect(absentThing('Is there an on site pharmacy?', site, VET)).toBeNull();
    expect(absentThing('Is there an on-site pharmacy?', site, VET)).toBeNull();
    expect(absentThing('Do you take calls?', [word('call', true, 0.25)], VET)).toBeNull();
    // 'walk-in' keeps the verb's sense: 'walk' stands on its own there.
    expect(absentThing('Do you take walk ups?', [word('walk', true, 0.3)], VET)).toBeNull();
    setRulesOff(['bound-word-thing']);
    expect(absentThing('Do you make house calls?', [word('hous', true, 0.29)], VET)).toBeNull();
  });

  it('focus: the words the question is most about that the document never uses', () => {
    const weighted = [word('chef', false, 2), word('vegetarian', true, 2)];
    expect(unmatchedFocus(weighted, new Set(['chef'])).map((w) => w.concept.term)).toEqual(['chef']);
    expect(unmatchedFocus(weighted, new Set(['vegetarian']))).toEqual([]);
  });

  it("gives the question's own spelling of a stemmed term", () => {
    expect(wordsFor('Do you do Refunds on refunded orders?', ['refund'])).toEqual(['refunds', 'refunded']);
  });

  it('absent-action: "can I …?" about an action the document never names declines, naming the verb', () => {
    const walkIn = [word('walk', false, 0.34), word('appoint', true, 1.9)];
    expect(absentAction('can I just walk in without an appointment?', walkIn)).toEqual({
      rule: 'absent-word',
      words: ['walk'],
    });
    expect(absentAction('Could we park?', [word('park', false, 0.9)])?.words).toEqual(['park']);
  });

  it('absent-action: an object after the verb, an everyday verb or a named action does not decline', () => {
    const send = [word('send', false, 0.5), word('peanut', true, 3), word('butter', true, 2)];
    expect(absentAction('can i send peanut butter sandwiches for lunch?', send)).toBeNull();
    expect(absentAction('can I get in at night?', [word('get', false, COVER_WEIGHT_FLOOR)])).toBeNull();
    expect(absentAction('can i just walk in with my dog?', [word('walk', true, 0.34)])).toBeNull();
    expect(absentAction('where can I walk in?', [word('walk', false, 0.34)])).toBeNull();
    setRulesOff(['absent-action-decline']);
    expect(absentAction('can I just walk in?', [word('walk', false, 0.34)])).toBeNull();
  });
});
