import { compose, loadKnowledge, toneWords } from '../../src/engine/answer/index.js';
import { ASSURANCE_FEATURES } from '../../src/engine/answer/assurance.js';
import { splitIntoPassages } from '../../src/engine/passages/index.js';
import { buildIndex } from '../../src/engine/retrieval/index.js';
import { ENGINE_RULES, rulesWithout, type EngineRule } from '../../src/engine/rules.js';

const SALON = [
  '# Prices',
  'A haircut costs $45. A colour treatment is $90.',
  '# Parking',
  'Free parking is behind the salon on Mill Street.',
  '# Payment',
  'We take cash and all major credit cards.',
].join('\n\n');

/** The salon's knowledge, loaded for an engine with these rules off. */
function salonWith(off: EngineRule[]) {
  return loadKnowledge(buildIndex(splitIntoPassages({ text: SALON, pages: null })), rulesWithout(off));
}
/** The index terms that stand for each word of the question, as the search reads it. */
const read = (off: EngineRule[], question: string) =>
  Object.fromEntries(
    salonWith(off)
      .index.concepts(question)
      .map((c) => [c.term, c.alternatives.map((a) => a.term)]),
  );

/** Each rule of engine/rules.ts is on by default and switched off alone (bench/eval-engine measures its worth). */
describe('engine rule switches', () => {
  it('has every rule on unless it is switched off, and switches exactly the rules given', () => {
    const rules = Object.keys(ENGINE_RULES) as EngineRule[];
    const some = rulesWithout(['intents', 'synonyms']);
    expect(rules.filter((rule) => !some.on(rule))).toEqual(['synonyms', 'intents']);
    expect(rules.every((rule) => rulesWithout().on(rule))).toBe(true);
  });

  it('names for each rule the decision that brought it in and its worth on validate', () => {
    for (const rule of Object.values(ENGINE_RULES)) {
      expect(rule.decision).toMatch(/^\d{3}$/);
      expect(rule.validateWorth).not.toBe('');
    }
  });

  it('synonyms: "cost" also finds "price"; off, only the word itself', () => {
    expect(read([], 'what is the price of a haircut').price).toEqual(['price', 'cost', 'free']);
    expect(read(['synonyms'], 'what is the price of a haircut').price).toEqual(['price']);
  });

  it('typo-fixes: "parkng" is read as "park"; off, it finds nothing', () => {
    expect(read([], 'is there parkng').parkng).toEqual(['park']);
    expect(read(['typo-fixes'], 'is there parkng').parkng).toEqual([]);
  });

  it('intents: "how much" asks for the price; off, only the other words count', () => {
    expect(Object.keys(read([], 'how much is a haircut'))).toEqual(['price', 'haircut']);
    expect(Object.keys(read(['intents'], 'how much is a haircut'))).toEqual(['haircut']);
  });

  it('intents: "who owns the shop?" asks for its owner, "who owns it?" for whose a thing is', () => {
    expect(Object.keys(read([], 'who owns the shop'))).toEqual(['owner', 'shop']);
    expect(Object.keys(read([], 'who owns it'))).toEqual(['own']);
    expect(Object.keys(read([], 'who owns my notes'))).toEqual(['own', 'note']);
  });

  it('absent-thing-decline: a yes/no question about a thing the salon never names is a signal the assurance weighs; off, it is not', () => {
    const question = 'is there a shower at the salon?';
    const absentThing = (off: EngineRule[]) => {
      const composed = compose({
        message: question,
        query: question,
        results: salonWith(off).index.search(question, { limit: 5 }),
        knowledge: salonWith(off),
        tone: toneWords('professional'),
        email: 'owner@salon.example',
        documentName: 'salon.txt',
      });
      return composed.assessment?.features[ASSURANCE_FEATURES.indexOf('absentThing')];
    };
    expect(absentThing([])).toBe(1);
    expect(absentThing(['absent-thing-decline'])).toBe(0);
  });
});
