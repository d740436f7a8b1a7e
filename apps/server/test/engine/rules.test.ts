import { compose, loadKnowledge, toneWords } from '../../src/engine/answer/index.js';
import { ASSURANCE_FEATURES } from '../../src/engine/answer/assurance.js';
import { splitIntoPassages } from '../../src/engine/passages/index.js';
import { buildIndex } from '../../src/engine/retrieval/index.js';
import { ENGINE_RULES, ruleOn, setRulesOff, type EngineRule } from '../../src/engine/rules.js';

const SALON = [
  '# Prices',
  'A haircut costs $45. A colour treatment is $90.',
  '# Parking',
  'Free parking is behind the salon on Mill Street.',
  '# Payment',
  'We take cash and all major credit cards.',
].join('\n\n');

/** The salon's knowledge, built with these rules off (the switches apply to the build and to questions). */
function salonWith(off: EngineRule[]) {
  setRulesOff(off);
  return loadKnowledge(buildIndex(splitIntoPassages({ text: SALON, pages: null })));
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
  afterEach(() => setRulesOff([]));

  it('has every rule on unless it is switched off, and switches exactly the rules given', () => {
    setRulesOff(['synonyms', 'intents']);
    setRulesOff(['synonyms']);
    expect(Object.keys(ENGINE_RULES).filter((rule) => !ruleOn(rule as EngineRule))).toEqual(['synonyms']);
    setRulesOff([]);
    expect(Object.keys(ENGINE_RULES).every((rule) => ruleOn(rule as EngineRule))).toBe(true);
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

  it('absent-word-decline: a specific word the document never uses is a signal the assurance weighs; off, it is not', () => {
    const question = 'is the renovated parking behind the salon free?';
    const absentWord = (off: EngineRule[]) => {
      const composed = compose({
        message: question,
        query: question,
        results: salonWith(off).index.search(question, { limit: 5 }),
        knowledge: salonWith(off),
        tone: toneWords('professional'),
        email: 'owner@salon.example',
        documentName: 'salon.txt',
      });
      return composed.assessment?.features[ASSURANCE_FEATURES.indexOf('absentWord')];
    };
    expect(absentWord([])).toBe(1);
    expect(absentWord(['absent-word-decline'])).toBe(0);
  });
});
