import { factLines } from '../../../src/engine/facts/lines.js';
import { findPrices } from '../../../src/engine/facts/prices.js';

const prices = (text: string) => findPrices(factLines(text), 200);

describe('findPrices', () => {
  it('keeps a price range whole, with its unit', () => {
    expect(prices('Co-working space: $300–500/month for renting your space.')).toEqual([
      { item: 'Co-working space', price: '$300–500', unit: 'per month' },
    ]);
    expect(prices('Family portrait | £90 - £140')).toEqual([
      { item: 'Family portrait', price: '£90 - £140' },
    ]);
    expect(prices('Room hire $10 to $20 an hour')[0]).toMatchObject({
      price: '$10 to $20',
      unit: 'per hour',
    });
  });

  it('reads a price table, taking the unit from the column header', () => {
    const text = [
      '## Haircuts',
      'Service | Duration | Price per session',
      "Women's cut | 45 min | $45",
      "Men's cut | 30 min | $25",
      'Colour | 2 hours | from $70',
    ].join('\n');
    expect(prices(text)).toEqual([
      { item: "Women's cut", price: '$45', unit: 'per session', section: 'Haircuts' },
      { item: "Men's cut", price: '$25', unit: 'per session', section: 'Haircuts' },
      { item: 'Colour', price: 'from $70', unit: 'per session', section: 'Haircuts' },
    ]);
  });

  it('reads list lines with their unit and the title above them', () => {
    const text = [
      'Driving lessons',
      '',
      '- Single lesson £38',
      '- Block of 10 lessons: £350',
      'Motorway lesson – £45 per hour',
      'Desk hire €25/day',
      'Double room £95 pppn',
      'Women starting at $45',
    ].join('\n');
    expect(prices(text)).toEqual([
      { item: 'Single lesson', price: '£38', section: 'Driving lessons' },
      { item: 'Block of 10 lessons', price: '£350', section: 'Driving lessons' },
      { item: 'Motorway lesson', price: '£45', unit: 'per hour', section: 'Driving lessons' },
      { item: 'Desk hire', price: '€25', unit: 'per day', section: 'Driving lessons' },
      { item: 'Double room', price: '£95', unit: 'per person per night', section: 'Driving lessons' },
      { item: 'Women', price: 'from $45', section: 'Driving lessons' },
    ]);
  });

  it('reads a price grid: each price named by its row and its column', () => {
    // A photographed price list: the header read at its words, descriptions between the rows.
    const photo = [
      'Main Services Regular Large Massive',
      'Basic Valet £32 £38 £40',
      'Includes Basic Exterior and Basic Interior',
      'Deep Valet £110 £129 £137',
    ].join('\n');
    expect(prices(photo).map(({ item, price }) => `${item}: ${price}`)).toEqual([
      'Basic Valet (Regular): £32',
      'Basic Valet (Large): £38',
      'Basic Valet (Massive): £40',
      'Deep Valet (Regular): £110',
      'Deep Valet (Large): £129',
      'Deep Valet (Massive): £137',
    ]);
    // A table with one price per column, an empty cell in one row.
    const table = [
      'Side | Half Pan | Full Shallow Pan | Full Deep Pan',
      'Mac & Cheese | $50 | $100 | $140',
      'BBQ Beans | — | $70 | $100',
    ].join('\n');
    expect(prices(table).map(({ item, price }) => `${item}: ${price}`)).toEqual([
      'Mac & Cheese (Half Pan): $50',
      'Mac & Cheese (Full Shallow Pan): $100',
      'Mac & Cheese (Full Deep Pan): $140',
      'BBQ Beans (Full Shallow Pan): $70',
      'BBQ Beans (Full Deep Pan): $100',
    ]);
    // A column-aligned table whose later rows leave the size to the row above.
    const aligned = [
      '  size        front            reverse        500    1,000',
      '  ----------- ---------------- -------------- ------ ------',
      '  A4          Black on white   no printing    £60    £75',
      '              full colour      full colour    £130   £150',
    ].join('\n');
    expect(prices(aligned).map(({ item, price }) => `${item}: ${price}`)).toEqual([
      'A4, Black on white, no printing (500): £60',
      'A4, Black on white, no printing (1,000): £75',
      'A4, full colour, full colour (500): £130',
      'A4, full colour, full colour (1,000): £150',
    ]);
  });

  it('reads a grid whose lines a word processor spaced out with blank lines', () => {
    const spaced = [
      'Room\tType\tSun-Fri inc. Breakfast\tSaturday inc. Breakfast',
      '',
      'Elzevir Block\tDouble Bedroom with Bath\t£125\t£135',
      '',
      'Y NOT\tDouble Bedroom with Shower\t£120\t£130',
    ].join('\n');
    expect(prices(spaced).map(({ item, price }) => `${item}: ${price}`)).toEqual([
      'Elzevir Block, Double Bedroom with Bath (Sun-Fri inc. Breakfast): £125',
      'Elzevir Block, Double Bedroom with Bath (Saturday inc. Breakfast): £135',
      'Y NOT, Double Bedroom with Shower (Sun-Fri inc. Breakfast): £120',
      'Y NOT, Double Bedroom with Shower (Saturday inc. Breakfast): £130',
    ]);
    // Spaced out but read at its words (a photo's header), a blank line still ends the grid's header.
    expect(prices('Regular Large\n\nBasic Valet £32 £38').some((p) => p.item.includes('('))).toBe(false);
  });

  it('reads no grid without a header that names its columns', () => {
    const items = (text: string) => prices(text).map((fact) => fact.item);
    expect(items('Our prices\nHaircut $20 $25')).not.toContain('Haircut (prices)');
    expect(items('Our prices\nHaircut $20 $25').some((item) => item.includes('('))).toBe(false);
    // Two prices of one cake, not two columns.
    expect(items('Size Servings Price/Slice\n6x10x14 100 $450.00/$4.50').some((i) => i.includes('('))).toBe(
      false,
    );
  });

  it('reads "X costs $N" sentences, a fee named after its amount and "$N for X"', () => {
    const text = [
      'An initial assessment costs $120. A 60-minute massage session costs $115 and orthotics cost $450 per pair.',
      'We ask for a non-refundable deposit of £50 per guest. Your £20 deposit is kept if you cancel late.',
      'Pay £140 for a block of four lessons, or more for longer ones.',
      'Online orders carry a booking charge of £2 per ticket, which we keep.',
    ].join('\n');
    expect(prices(text)).toEqual([
      { item: 'initial assessment', price: '$120' },
      { item: '60-minute massage session', price: '$115' },
      { item: 'orthotics', price: '$450', unit: 'per pair' },
      { item: 'non-refundable deposit', price: '£50', unit: 'per guest' },
      { item: 'deposit', price: '£20' },
      { item: 'block of four lessons', price: '£140' },
      { item: 'booking charge', price: '£2', unit: 'per ticket' },
    ]);
  });

  it('reads a price list printed without a currency, only in a document that says it lists prices', () => {
    const list = [
      'Merchandise Price List',
      'Urns',
      'Solid Onyx 280.00',
      'Ambassador - Solid Walnut 355.00',
      'Cremation Containers',
      'Cardboard 90.00',
      'Batesville Mahogany 6,905.00',
    ];
    expect(prices(list.join('\n'))).toEqual([
      { item: 'Solid Onyx', price: '280.00', section: 'Urns' },
      { item: 'Ambassador - Solid Walnut', price: '355.00', section: 'Urns' },
      { item: 'Cardboard', price: '90.00', section: 'Cremation Containers' },
      { item: 'Batesville Mahogany', price: '6,905.00', section: 'Cremation Containers' },
    ]);
    // The same lines in a manual are measurements, and three such lines are no list.
    expect(prices(list.slice(1).join('\n'))).toEqual([]);
    expect(prices(['Price list', ...list.slice(2, 5)].join('\n'))).toEqual([]);
  });

  it('keeps a unit with its count: per 15 min, for 10 lessons', () => {
    expect(prices('Laser cutter, guided: $25 per 15 min\nBlock booking: £300 for 10 lessons')).toEqual([
      { item: 'Laser cutter, guided', price: '$25', unit: 'per 15 min' },
      { item: 'Block booking', price: '£300', unit: 'per 10 lessons' },
    ]);
  });

  it('names a price by the whole name that opens its line, before a description', () => {
    const text = [
      'GCSE group - £40 per session A weekly group working through GCSE content together.',
      'GCSE one to one - £75 per session GCSE and IGCSE, foundation and higher, all exam boards.',
    ].join('\n');
    expect(prices(text)).toEqual([
      { item: 'GCSE group', price: '£40', unit: 'per session' },
      { item: 'GCSE one to one', price: '£75', unit: 'per session' },
    ]);
  });

  it('takes no amount that names nothing: a total, a discount, a sum in passing', () => {
    const text = [
      'Should you cancel late, a full £120 per head will be charged.',
      'This card offers 0% APR for 6 months on charges over $200.',
      'When you refer a friend, you both receive $20 off.',
      'Revenue grew to $1,200,000 in 2024.',
    ].join('\n');
    expect(prices(text)).toEqual([]);
  });
  it('names bare prices by the heading and the title under it, and a list by the line that leads into it', () => {
    const text = [
      '### Flexible desk',
      '',
      'Freedom without obligation',
      '',
      'Are you a digital nomad? Work whenever it suits you.',
      '',
      '-   €12 / day',
      '-   €80 / bundle of 10 days (valid for three months)',
      '',
      'What you need to apply for a licence.',
      '',
      '- Have three years of address history',
      '- Be able to pay a fee of £34.00',
    ].join('\n');
    expect(prices(text)).toEqual([
      { item: 'Flexible desk — Freedom without obligation', price: '€12', unit: 'per day' },
      { item: 'Flexible desk — Freedom without obligation', price: '€80', unit: 'per bundle of 10 days' },
      {
        item: 'Be able to pay a fee',
        price: '£34.00',
        section: 'Flexible desk — What you need to apply for a licence',
      },
    ]);
  });

  it('takes no list item, wrapped line or bare "Or" for a title, and skips an aside in brackets', () => {
    const text = [
      'For Children Under 2 years old',
      'The current fee per 4 hour session (8.45am to 12.45 pm) is $30.00',
      'Or',
      'The current fee per 4.75 hour session (8.45am to 1.30 pm) is $31.50',
      '',
      '- Have your 17th birthday within 3 months. You have to wait until your',
      'birthday to start learning.',
      '- Pay a fee of £34.00',
    ].join('\n');
    expect(prices(text)).toEqual([
      { item: '4 hour session', price: '$30.00', section: 'For Children Under 2 years old' },
      { item: '4.75 hour session', price: '$31.50', section: 'For Children Under 2 years old' },
      { item: 'Pay a fee', price: '£34.00', section: 'For Children Under 2 years old' },
    ]);
  });

  it('names a price printed first by the words after it, and a saving as a saving', () => {
    const text = ['Pre-test Lessons', '', '£38 Per hour', '', '£360 Buy 10 hours tuition and save £20'].join(
      '\n',
    );
    expect(prices(text)).toEqual([
      { item: 'Pre-test Lessons', price: '£38', unit: 'per hour' },
      { item: 'Buy 10 hours tuition', price: '£360', section: 'Pre-test Lessons' },
      { item: 'Buy 10 hours tuition (saving)', price: '£20', section: 'Pre-test Lessons' },
    ]);
  });
});
