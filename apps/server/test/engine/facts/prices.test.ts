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
