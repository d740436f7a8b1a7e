import { extractKeyFacts, KEY_FACTS_MAX } from '../../../src/engine/facts/index.js';

const MB = 1_000_000;
const repeat = (unit: string, size = MB) => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);

/**
 * Lines shaped to make patterns retry at every position: one word without spaces, runs of one character, and runs
 * of what each fact's pattern starts on (digits and separators, '@', '$', day names, postcodes, 'www.').
 */
const HOSTILE: Record<string, string> = {
  'one word without spaces': repeat('abcdefghij'),
  'a run of one letter': repeat('a'),
  'a run of spaces between two words': `a${repeat(' ')}b`,
  'a run of periods': repeat('.'),
  'a run of digits': repeat('7'),
  'digits and separators': repeat('1 2-3.(4) '),
  'a run of at signs': repeat('@'),
  'addresses without end': repeat('a@b.'),
  'amounts without end': repeat('$1,'),
  'prices without items': repeat('£1 per '),
  'days and times without end': repeat('Monday-9am to '),
  colons: repeat('Phone: '),
  'postcodes without end': repeat('NG1 1AA '),
  'links without end': repeat('www.'),
  hyphens: repeat('-'),
};

describe('extractKeyFacts', () => {
  it('finds every kind of fact in one small business document', () => {
    const text = [
      '# The Corner Café',
      '',
      '14 Market Place',
      'Bingham',
      'NG13 8AB',
      '',
      'Reception: 01949 728288 · hello@cornercafe.example · www.cornercafe.example',
      '',
      '## Opening hours',
      'Monday to Friday 8–4, Saturday 9–2. Closed on Sundays and bank holidays.',
      '',
      '## Prices',
      'Flat white £3.20',
      'Room hire £25 per hour',
    ].join('\n');
    expect(extractKeyFacts(text)).toEqual({
      phones: [{ number: '01949 728288', label: 'Reception' }],
      emails: ['hello@cornercafe.example'],
      websites: ['www.cornercafe.example'],
      address: '14 Market Place, Bingham, NG13 8AB',
      hours: [
        ...['mon', 'tue', 'wed', 'thu', 'fri'].map((day) => ({ day, opens: '08:00', closes: '16:00' })),
        { day: 'sat', opens: '09:00', closes: '14:00' },
        { day: 'sun', closed: true },
      ],
      hoursNotes: ['Closed on Sundays and bank holidays.'],
      prices: [
        { item: 'Flat white', price: '£3.20', section: 'Prices' },
        { item: 'Room hire', price: '£25', unit: 'per hour', section: 'Prices' },
      ],
    });
  });

  it('leaves every fact empty when the document gives none: nothing is guessed', () => {
    const text = [
      '# Our story',
      'Founded in 1958 in El Cerrito, the practice moved to its present home in the 1970s.',
      'We open our doors to every pet, and our team has 100 years of combined experience.',
      'On Monday we celebrated 20 years; tickets were free. Call it a success!',
    ].join('\n');
    expect(extractKeyFacts(text)).toEqual({
      phones: [],
      emails: [],
      websites: [],
      address: null,
      hours: [],
      hoursNotes: [],
      prices: [],
    });
  });

  it('keeps at most KEY_FACTS_MAX of a list', () => {
    const text = Array.from({ length: 500 }, (_, i) => `Item ${i} $${i + 1}`).join('\n');
    expect(extractKeyFacts(text).prices).toHaveLength(KEY_FACTS_MAX.prices);
  });

  // A pattern that retries at every position takes hours on a megabyte; linear work takes well under a second.
  it.each(Object.entries(HOSTILE))(
    'reads %s (1 MB) in time linear in its length',
    (_name, text) => {
      const facts = extractKeyFacts(text);
      expect(facts.prices.length).toBeLessThanOrEqual(KEY_FACTS_MAX.prices);
      expect(facts.emails.length).toBeLessThanOrEqual(KEY_FACTS_MAX.emails);
    },
    20_000,
  );
});
