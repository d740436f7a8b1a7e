import { splitIntoPassages } from '../../../src/engine/passages/index.js';
import type { Passage } from '../../../src/engine/passages/index.js';
import {
  buildIndex,
  CONFIDENCE_THRESHOLD,
  hasConfidentMatch,
  loadIndex,
} from '../../../src/engine/retrieval/index.js';
import { HANDBOOK } from './fixtures/harbourview.js';

const passages = splitIntoPassages({ text: HANDBOOK, pages: null });
const serialized = buildIndex(passages);
const index = loadIndex(serialized);
const top = (query: string) => index.search(query)[0];
const topHeading = (query: string) => top(query)?.passage.heading;

describe('search', () => {
  it.each([
    ['What are your openng hours?', 'Opening hours'],
    ['parkng', 'About the clinic'],
    ['how much is an inital asessment', 'Fees'],
    ['apointment cancelation', 'Cancellations and missed appointments'],
    ['refferal for a frend', 'Gift cards and referrals'],
    ['wheelchar', 'Accessibility'],
  ])('forgives typos: %s', (query, heading) => {
    expect(topHeading(query)).toBe(heading);
    expect(hasConfidentMatch(index.search(query))).toBe(true);
  });

  it.each([
    ['When do you close on Friday?', 'Opening hours'],
    ['Are you open on weekends?', 'Opening hours'],
    ['What does a massage therapy session cost?', 'Fees'],
    ['What is the price of orthotics?', 'Fees'],
    ['Can I reserve online?', 'Booking and first visit'],
    ['What is your address?', 'About the clinic'],
    ['Where can I park?', 'About the clinic'],
    ['Can I bring my dog?', 'Accessibility'],
    ['How do I get in touch?', 'Contact'],
    ['Is the clinic open on Christmas?', 'Opening hours'],
    ['Is there a cheaper option?', 'Fees'],
    ['general enquiries', 'Contact'],
  ])('understands common business synonyms: %s', (query, heading) => {
    expect(topHeading(query)).toBe(heading);
  });

  it('matches times, amounts and phone numbers as written in any usual form', () => {
    expect(topHeading('open at 9am')).toBe('Opening hours');
    expect(topHeading('9:00')).toBe('Opening hours');
    expect(topHeading('2 p.m.')).toBe('Opening hours');
    expect(topHeading('$450')).toBe('Fees');
    expect(topHeading('555-0142')).toMatch(/Contact|Booking/);
    expect(topHeading('What happens after ten years?')).toBe('Privacy');
  });

  it('still answers about a topic when the time or number asked for is not in the document', () => {
    expect(topHeading('Do you open at 6am?')).toBe('Opening hours');
    expect(hasConfidentMatch(index.search('Do you open at 6am?'))).toBe(true);
    expect(hasConfidentMatch(index.search('12345'))).toBe(false);
  });

  it('folds case and diacritics and keeps the heading boost', () => {
    expect(topHeading('PRÎVACY')).toBe('Privacy');
    expect(top('Gift cards')?.passage.heading).toBe('Gift cards and referrals');
  });

  it('returns scores best first, confidences in 0..1, the matched terms, and honours the limit', () => {
    const results = index.search('fee for a missed appointment', { limit: 3 });
    expect(results).toHaveLength(3);
    for (const [i, r] of results.entries()) {
      expect(r.confidence).toBeGreaterThanOrEqual(0);
      expect(r.confidence).toBeLessThanOrEqual(1);
      if (i > 0) expect(r.score).toBeLessThanOrEqual(results[i - 1]?.score ?? 0);
    }
    expect(results[0]?.matchedTerms).toEqual(expect.arrayContaining(['fee', 'miss', 'appoint']));
  });

  it('finds nothing for greetings, stop words or words the document lacks', () => {
    expect(index.search('hello there!')).toEqual([]);
    expect(index.search('')).toEqual([]);
    expect(index.search('quantum chromodynamics')).toEqual([]);
    expect(hasConfidentMatch(index.search('Do you sell bicycles?'))).toBe(false);
    expect(hasConfidentMatch([])).toBe(false);
  });

  it('lets callers choose another threshold', () => {
    const results = index.search('Do you offer massage for kids?');
    const confidence = results[0]?.confidence ?? 0;
    expect(confidence).toBeLessThan(CONFIDENCE_THRESHOLD);
    expect(hasConfidentMatch(results, confidence)).toBe(true);
  });
});

describe('serialization', () => {
  it('round-trips: a loaded index holds the passages and searches like the original', () => {
    const again = loadIndex(buildIndex(loadIndex(serialized).passages));
    expect(again.passages).toEqual(passages);
    for (const q of ['parking', 'fees for orthotics', 'Do you offer acupuncture?']) {
      expect(again.search(q)).toEqual(index.search(q));
    }
    expect(JSON.parse(serialized)).toMatchObject({ version: 1 });
  });

  it('rejects an index of another version', () => {
    expect(() => loadIndex(JSON.stringify({ version: 99 }))).toThrow(/Unsupported retrieval index/);
  });

  it('indexes an empty document and PDF passages with their pages', () => {
    expect(loadIndex(buildIndex([])).search('anything')).toEqual([]);
    const pdf: Passage[] = [
      {
        ordinal: 0,
        heading: 'Warranty',
        page: 4,
        text: 'All work is guaranteed for 12 months.',
        tokenCount: 10,
      },
    ];
    expect(loadIndex(buildIndex(pdf)).search('guarantee')[0]?.passage.page).toBe(4);
  });
  it("understands a visitor's everyday words for the document's: tax, children, capacity, emergencies, a trial", () => {
    const small = loadIndex(
      buildIndex(
        splitIntoPassages({
          text: [
            '# Prices\n\nAll prices are without IVA.',
            '# Sessions\n\nFees are payable for every session, including absence due to sickness.',
            '# Meeting room\n\nOur meeting room has a capacity of 7 people.',
            '# After hours\n\nFor emergencies after hours, please contact the Referral Center.',
            '# New members\n\nYou can have a free trial day before you join.',
            '# Garden\n\nThe garden has benches, a pond and a herb bed for the kitchen.',
          ].join('\n\n'),
          pages: null,
        }),
      ),
    );
    const heading = (query: string) => small.search(query)[0]?.passage.heading;
    expect(heading('are your prices including vat?')).toBe('Prices');
    expect(heading('if my son is off sick do i still pay?')).toBe('Sessions');
    expect(heading('how many people fit in the meeting room')).toBe('Meeting room');
    expect(heading('my cat got hurt at night, where do i go?')).toBe('After hours');
    expect(heading('can i try it out first?')).toBe('New members');
  });
});
