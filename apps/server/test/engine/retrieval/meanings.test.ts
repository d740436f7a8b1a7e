import { splitIntoPassages } from '../../../src/engine/passages/index.js';
import { buildIndex, loadIndex } from '../../../src/engine/retrieval/index.js';
import { MEANING_LOOKUPS_MAX, parseQuery } from '../../../src/engine/retrieval/query.js';
import { stem } from '../../../src/engine/retrieval/text-analysis.js';
import { ALL_RULES, rulesWithout } from '../../../src/engine/rules.js';
import { rowSimilarity, termRow } from '../../../src/engine/vectors/word-vectors.js';

const BAKERY = [
  '# Celebration cakes',
  'We can print a picture on any celebration cake. Bring it on a memory stick.',
  '# Opening hours',
  'We open at 7am every day except Sunday.',
  '# Delivery',
  'Local delivery costs $10 within five miles.',
].join('\n\n');

const index = loadIndex(buildIndex(splitIntoPassages({ text: BAKERY, pages: null })));
const alternativesOf = (query: string, word: string) =>
  index
    .concepts(query)
    .find((c) => c.term === stem(word))
    ?.alternatives.map((a) => a.term) ?? [];

describe('words by meaning (GloVe vectors)', () => {
  it('places words of one meaning close and others far', () => {
    const near = (a: string, b: string) => rowSimilarity(termRow(stem(a))!, termRow(stem(b))!);
    expect(near('photo', 'picture')).toBeGreaterThan(0.6);
    expect(near('sibling', 'family')).toBeGreaterThan(0.6);
    expect(near('photo', 'cake')).toBeLessThan(0.3);
  });

  it('reads a word the document never uses as its closest word in meaning, and finds the passage by it', () => {
    expect(alternativesOf('can you put a photo on my cake', 'photo')).toEqual([stem('picture')]);
    expect(index.search('can you put a photo on my cake')[0]?.passage.heading).toBe('Celebration cakes');
    // A word with nothing close in the document stays absent.
    expect(alternativesOf('do you sell bicycles', 'bicycles')).toEqual([]);
  });

  it('reads no meaning with the rule off', () => {
    const fresh = loadIndex(
      buildIndex(splitIntoPassages({ text: BAKERY, pages: null })),
      rulesWithout(['meaning']),
    );
    const photo = fresh.concepts('can you put a photo on my cake').find((c) => c.term === stem('photo'));
    expect(photo?.alternatives).toEqual([]);
  });

  it('reads at most a few words of one question by meaning, however many it has', () => {
    let lookups = 0;
    const lexicon = {
      has: () => false,
      similar: () => [],
      nearInMeaning: () => {
        lookups += 1;
        return [];
      },
    };
    parseQuery(
      Array.from({ length: 40 }, (_, i) => `zebra${String.fromCharCode(97 + (i % 26))}word`).join(' '),
      lexicon,
      ALL_RULES,
    );
    expect(lookups).toBe(MEANING_LOOKUPS_MAX);
  });
});
