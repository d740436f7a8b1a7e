import {
  isWeakTerm,
  MAX_WORD_CHARS,
  normalize,
  stem,
  terms,
} from '../../../src/engine/retrieval/text-analysis.js';
import { editDistance } from '../../../src/engine/retrieval/fuzzy.js';
import { buildIndex, loadIndex } from '../../../src/engine/retrieval/index.js';
import { splitIntoPassages } from '../../../src/engine/passages/index.js';

describe('text analysis', () => {
  it('stems plurals, -ing, -ed and related forms to one term', () => {
    const same = [
      ['close', 'closed', 'closing', 'closes'],
      ['cancel', 'cancelled', 'cancellation', 'cancels'],
      ['book', 'booking', 'books', 'booked'],
      ['appointment', 'appointments'],
      ['accessible', 'accessibility'],
      ['policy', 'policies'],
    ];
    for (const group of same) expect(new Set(group.map(stem)).size, group.join()).toBe(1);
  });

  it('keeps numbers, times and amounts; drops stop words; folds diacritics', () => {
    expect(normalize('Open 9 a.m. to 5:30PM')).toContain('9:00am');
    expect(terms('Open 9 a.m. to 5:30PM')).toEqual(['open', '9:00am', '5:30pm']);
    expect(terms('It costs $1,200.50 or $25')).toEqual(['cost', '1200.50', '25']);
    expect(terms('Call (416) 555-0142')).toEqual(['call', '416', '555', '0142', '5550142']);
    expect(terms('A café with e-transfer')).toEqual(['cafe', 'transfer', 'etransf']);
    expect(terms('Version 1.0.8 of bzip2')).toEqual(['version', '1.0.8', 'bzip2']);
    expect(terms('ten years')).toEqual(['10', 'year']);
    expect(terms('open late? I work till 5')).toEqual(['open', 'late', 'work', '5']);
  });

  it('measures edit distance with swaps, stopping past the limit', () => {
    expect(editDistance('parking', 'prakring', 2)).toBe(2);
    expect(editDistance('recieve', 'receive', 1)).toBe(1);
    expect(editDistance('abc', 'xyz', 1)).toBe(2);
  });
});

describe('an over-long word', () => {
  it('is one opaque term, never analysed letter by letter, and equal words still meet', () => {
    const word = 'x'.repeat(100_000);
    const [term, ...rest] = terms(`the code ${word} works`).filter((t) => t.startsWith('x'));
    expect(rest).toEqual([]);
    expect(term!.length).toBeLessThanOrEqual(MAX_WORD_CHARS);
    expect(terms(word)).toEqual([term]);
    expect(terms(`${word}y`)).not.toEqual([term]);
    expect(stem(word)).toBe(term);
  });

  it('keeps words up to the limit as ordinary stemmed words', () => {
    expect(terms('antidisestablishmentarianism')).toEqual([stem('antidisestablishmentarianism')]);
    expect(stem('antidisestablishmentarianism')).not.toContain('~');
  });
});

describe('weak terms', () => {
  it('counts a hedge for ranking only: "roughly how many lessons" is about lessons', () => {
    expect(['roughly', 'approximately', 'usually'].every((w) => isWeakTerm(stem(w)))).toBe(true);
    expect(isWeakTerm(stem('lessons'))).toBe(false);
  });

  it('counts a service verb for ranking only: "do you handle emergencies?" is about emergencies', () => {
    expect(['offer', 'provide', 'handle', 'cater'].every((w) => isWeakTerm(stem(w)))).toBe(true);
    expect(isWeakTerm(stem('emergencies'))).toBe(false);
  });
});

describe('two-word verbs that name a thing', () => {
  it('reads "check out" as the check-out, not as any check', () => {
    expect(terms('Check out is 11 AM')).toContain('checkout');
    expect(terms('check-in after 3 pm')).toContain('checkin');
    expect(terms('Check in after 3 pm')).not.toContain('checkout');
  });

  it('finds the check-out time for a question about check out, not the check-in time', () => {
    const passages = splitIntoPassages({
      text: '# Check-in\n\nCheck in is after 3 pm.\n\n# Leaving\n\nCheck out is 11 AM; please leave the key.',
      pages: null,
    });
    const index = loadIndex(buildIndex(passages));
    expect(index.search('when do we have to check out')[0]?.passage.text).toMatch(/11 AM/);
  });
});
