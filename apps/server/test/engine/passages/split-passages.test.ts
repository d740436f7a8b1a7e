import {
  splitIntoPassages,
  splitSentences,
  wordCount,
  MAX_PASSAGES,
} from '../../../src/engine/passages/index.js';
import type { Passage } from '../../../src/engine/passages/index.js';
import { HANDBOOK } from '../retrieval/fixtures/harbourview.js';

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
const txt = (text: string) => splitIntoPassages({ text, pages: null });
const headings = (passages: Passage[]) => [...new Set(passages.map((p) => p.heading))];

function longParagraph(sentences: number, topic = 'bread'): string {
  return Array.from(
    { length: sentences },
    (_, i) =>
      `Sentence ${i} says that our ${topic} is baked fresh each morning by Dr. Baker before 6 a.m. daily.`,
  ).join(' ');
}

describe('splitIntoPassages: the Harbourview handbook (markdown)', () => {
  const passages = txt(HANDBOOK);

  it('keeps every section heading; the lone document title is left out of sub-headings', () => {
    expect(headings(passages)).toEqual([
      'Harbourview Physiotherapy — Client Handbook',
      'About the clinic',
      'Opening hours',
      'Services',
      'Booking and first visit',
      'Fees',
      'Cancellations and missed appointments',
      'Home exercise programme',
      'Accessibility',
      'Privacy',
      'Gift cards and referrals',
      'Contact',
    ]);
  });

  it('numbers passages in order, without pages, with a token estimate', () => {
    passages.forEach((p, i) => {
      expect(p.ordinal).toBe(i);
      expect(p.page).toBeNull();
      expect(p.tokenCount).toBe(Math.ceil(p.text.length / 4));
    });
  });

  it('keeps passages at most 250 words; a shorter one is a whole section', () => {
    for (const p of passages) {
      expect(wordCount(p.text)).toBeLessThanOrEqual(250);
      if (wordCount(p.text) < 80) expect(passages.filter((o) => o.heading === p.heading)).toHaveLength(1);
    }
  });

  it('loses nothing: every sentence of the document is in some passage', () => {
    const body = HANDBOOK.split('\n').filter((line) => line.trim() && !line.startsWith('#'));
    const all = passages.map((p) => squash(p.text)).join('\n');
    for (const line of body)
      for (const sentence of splitSentences(line)) expect(all).toContain(squash(sentence));
  });

  it('keeps the contact lines as lines', () => {
    expect(passages.at(-1)?.text).toMatch(
      /^Phone: \(416\) 555-0142\nEmail: care@harbourview-physio\.example\n/,
    );
  });
});

describe('splitIntoPassages: plain-text headings', () => {
  const doc = [
    'SUNRISE BAKERY',
    '',
    'Welcome to Sunrise Bakery.',
    '',
    '1. Opening hours',
    'We are open every day from 7am to 6pm.',
    '',
    '2. Our Products',
    'We sell sourdough, rye and croissants.',
    '',
    '2.1 Cakes',
    'Custom cakes need three days of notice.',
    '',
    'Delivery:',
    '- Free delivery over $50',
    '- A $5 fee under $50',
    '',
    'Frequently Asked Questions',
    '',
    'Do you have gluten-free bread?',
    'Yes, every Tuesday and Friday.',
    '',
    'Gift cards',
    '',
    'Gift cards are sold at the counter in any amount.',
  ].join('\n');
  const passages = txt(doc);

  it('detects ALL CAPS, numbered, colon, Title Case, sentence-case and question headings, nested by rank', () => {
    expect(passages.map((p) => [p.heading, p.text.split('\n')[0]])).toEqual([
      ['SUNRISE BAKERY', 'Welcome to Sunrise Bakery.'],
      ['Opening hours', 'We are open every day from 7am to 6pm.'],
      ['Our Products', 'We sell sourdough, rye and croissants.'],
      ['Our Products › Cakes', 'Custom cakes need three days of notice.'],
      ['Our Products › Cakes › Delivery', '- Free delivery over $50'],
      ['Frequently Asked Questions › Do you have gluten-free bread?', 'Yes, every Tuesday and Friday.'],
      ['Gift cards', 'Gift cards are sold at the counter in any amount.'],
    ]);
  });

  it('keeps a list together, line by line', () => {
    expect(passages[4]?.text).toBe('- Free delivery over $50\n- A $5 fee under $50');
  });

  it('does not take numbered list items, sentences or key-value lines for headings', () => {
    const list = txt(
      'Steps\n\n1. Call us\n2. Pick a time\n3. Come in\n\nPhone: 555-1234\nEmail: a@b.example',
    );
    expect(headings(list)).toEqual(['Steps']);
    expect(list[0]?.text).toContain('1. Call us\n2. Pick a time');
    const leadIn = txt('## Payment\n\nWe accept:\nVisa\nMastercard\nDebit');
    expect(leadIn.map((p) => [p.heading, p.text])).toEqual([
      ['Payment', 'We accept:\nVisa\nMastercard\nDebit'],
    ]);
  });

  it('takes no table row, price line or postcode for a heading, in a table spaced out by blank lines', () => {
    const rates = txt(
      [
        'The Guest House',
        'The Square',
        'TS13 4BD',
        '',
        'Room Rates',
        '',
        'Each bedroom is decorated in a unique style - ask when booking.',
        '',
        'Room\tType\tSun-Fri\tSaturday',
        '',
        'Elzevir Block\tDouble Bedroom with Bath\t£125\t£135',
        '',
        'The Mohune Superior Double Room with Shower £135 £145',
        '',
        'During August, please add £10 to all room prices above.',
      ].join('\n'),
    );
    expect(headings(rates)).not.toContain('TS13 4BD');
    const table = rates.find((p) => p.heading?.endsWith('Room Rates'));
    expect(table?.text).toContain('Elzevir Block Double Bedroom with Bath £125 £135');
    expect(table?.text).toContain('The Mohune Superior Double Room with Shower £135 £145');
  });
});

describe('splitIntoPassages: lines that look like headings', () => {
  it('keeps a price line as text, and a heading with nothing under it as a line of its section', () => {
    const list = txt(
      [
        'Merchandise Price List',
        '',
        'Prices effective April 1 and subject to change without notice.',
        '',
        'Vaults',
        '',
        'Fiberglass Urn Vault 125.00',
        '',
        'Stanford 875.00',
        '',
        'Trigard Oxford - Concrete Protective With Liner 1040.00',
        '',
        'Keepsakes',
        '',
        'Memory Garden',
        '',
        'Contact Us',
        '',
        'Call us any time on 813-855-2439 to talk it through.',
      ].join('\n'),
    );
    expect(headings(list)).toEqual(['Merchandise Price List', 'Vaults', 'Contact Us']);
    const vaults = list.find((p) => p.heading === 'Vaults');
    expect(vaults?.text).toContain('Stanford 875.00');
    expect(vaults?.text).toContain('Trigard Oxford - Concrete Protective With Liner 1040.00');
    // 'Keepsakes' and 'Memory Garden' had nothing under them before the next heading: their words stay.
    expect(list.some((p) => p.text.includes('Keepsakes') && p.text.includes('Memory Garden'))).toBe(true);
  });
});

describe('splitIntoPassages: a label over a label', () => {
  it('heads the next section with a label that only introduces it', () => {
    const clinic = txt(
      [
        'Client Information',
        '',
        'All new clients have an initial examination and a plan agreed together.',
        '',
        'Appointment times/fees:',
        '',
        'Physiotherapy:',
        '',
        '£50 initial (45 mins) and £40 follow up (30 mins).',
        '',
        'Sports Massage:',
        '',
        '£70 per hour, £40 per half hour',
      ].join('\n'),
    );
    const fees = clinic.find((p) => p.text.includes('£50 initial'));
    expect(fees?.heading).toBe('Appointment times/fees › Physiotherapy');
    expect(clinic.find((p) => p.text.includes('£70'))?.heading).toBe('Sports Massage');
  });
});

describe('splitIntoPassages: an address block spaced out line by line', () => {
  it('takes no phone line, postcode or town after a comma for a heading', () => {
    const contact = txt(
      [
        'Contact',
        '',
        'Oasis Printing,',
        '',
        '40 Greyhound Road,',
        '',
        'London',
        '',
        'W6 8NX',
        '',
        'T 020 7386 7755',
        '',
        'F 020 7610 2500',
        '',
        'E info@oasisprinting.example',
        '',
        'Green credentials',
        '',
        'Our inks are made from vegetables and our paper from sustainable forests.',
      ].join('\n'),
    );
    const block = contact.find((p) => p.text.includes('40 Greyhound Road'));
    for (const line of ['London', 'W6 8NX', 'T 020 7386 7755', 'F 020 7610 2500']) {
      expect(headings(contact).join(' › '), line).not.toContain(line);
      expect(block?.text, line).toContain(line);
    }
  });
});

describe('splitIntoPassages: sizes', () => {
  it('splits a long section at sentences into 80–250-word passages with a small overlap', () => {
    const text = `## Bread\n\n${longParagraph(40)}\n\n${longParagraph(12, 'cake')}`;
    const passages = txt(text);
    expect(passages.length).toBeGreaterThan(3);
    for (const p of passages) {
      expect(p.heading).toBe('Bread');
      expect(wordCount(p.text)).toBeGreaterThanOrEqual(80);
      expect(wordCount(p.text)).toBeLessThanOrEqual(250);
      expect(p.text).toMatch(/^Sentence \d+ .*daily\.$/s);
    }
    const all = passages.map((p) => p.text).join(' ');
    for (let i = 0; i < 40; i++) expect(all).toContain(`Sentence ${i} says that our bread`);
  });

  it('splits text without any heading and never cuts a sentence', () => {
    const passages = txt(
      `${longParagraph(10)}\n\n${longParagraph(10, 'pie')}\n\n${longParagraph(10, 'tart')}`,
    );
    expect(passages.length).toBeGreaterThan(1);
    for (const p of passages) {
      expect(p.heading).toBeNull();
      for (const sentence of splitSentences(p.text)) expect(sentence).toMatch(/^Sentence \d+ .* daily\.$/);
    }
  });

  it('caps the number of passages for huge documents', () => {
    const text = Array.from(
      { length: MAX_PASSAGES + 50 },
      (_, i) => `## Part ${i}\n\nItem ${i} is here.`,
    ).join('\n\n');
    const passages = txt(text);
    expect(passages).toHaveLength(MAX_PASSAGES);
    expect(passages.at(-1)?.ordinal).toBe(MAX_PASSAGES - 1);
  });

  it('returns nothing for an empty document', () => {
    expect(txt('  \n\n ')).toEqual([]);
  });
});

describe('splitIntoPassages: PDF pages', () => {
  const pages = [
    {
      page: 1,
      text: 'ACME Plumbing\n\nEmergency Repairs\n\nWe fix burst pipes day and night. Our technicians arrive within\n\n1',
    },
    {
      page: 2,
      text: 'ACME Plumbing\n\nan hour in the city.\n\nPricing\n\nA standard call-out costs $95.\n\n2',
    },
    { page: 3, text: 'ACME Plumbing\n\nWarranty\n\nAll work is guaranteed for 12 months.\n\n3' },
  ];
  const passages = splitIntoPassages({ text: pages.map((p) => p.text).join('\n\n'), pages });

  it('keeps page numbers, drops running headers and page numbers, and joins a sentence across pages', () => {
    expect(passages.map((p) => [p.heading, p.page, p.text])).toEqual([
      [
        'Emergency Repairs',
        1,
        'We fix burst pipes day and night. Our technicians arrive within an hour in the city.',
      ],
      ['Pricing', 2, 'A standard call-out costs $95.'],
      ['Warranty', 3, 'All work is guaranteed for 12 months.'],
    ]);
  });
});

describe('splitSentences', () => {
  it('splits at sentence ends but not after abbreviations or inside numbers', () => {
    expect(
      splitSentences('Dr. Okafor opened at 9 a.m. on Jan. 5. It costs $12.50 now! Is it open? Yes.'),
    ).toEqual(['Dr. Okafor opened at 9 a.m. on Jan. 5.', 'It costs $12.50 now!', 'Is it open?', 'Yes.']);
  });
});

describe('splitIntoPassages: tables', () => {
  it('names each cell by its column in a markdown table, without its edges or rule line', () => {
    const passages = txt(
      '# Prices\n\n| Service | Price |\n| :--- | ---: |\n| Women | from $45 |\n| Men | from $25 |',
    );
    expect(passages.map((p) => p.text)).toEqual([
      'Service: Women; Price: from $45\nService: Men; Price: from $25',
    ]);
  });

  it('reads a table as the document extraction writes it (cells between " | ")', () => {
    const passages = txt('# Releases\n\nFeature | Introduced\ntest runner | 16.17.0\nwatch mode | 18.11.0');
    expect(passages[0]?.text).toBe(
      'Feature: test runner; Introduced: 16.17.0\nFeature: watch mode; Introduced: 18.11.0',
    );
  });
});
