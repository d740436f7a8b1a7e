import { findPhones } from '../../../src/engine/facts/phones.js';
import { factLines } from '../../../src/engine/facts/lines.js';

const phones = (text: string) => findPhones(factLines(text));

describe('findPhones', () => {
  it('reads national and international formats as printed', () => {
    const text = [
      'Reception: 01949 728288',
      'Toronto office (416) 555-0142',
      'Call us on +44 (0)115 496 0000 or 020 7946 0018.',
      'US: 1-800-555-0199 · Paris: +33 1 42 68 53 00',
      'Text 07700900123 to confirm.',
    ].join('\n');
    expect(phones(text).map((p) => p.number)).toEqual([
      '01949 728288',
      '(416) 555-0142',
      '+44 (0)115 496 0000',
      '020 7946 0018',
      '1-800-555-0199',
      '+33 1 42 68 53 00',
      '07700900123',
    ]);
  });

  it('reads a number spelt with letters and the same number in digits as one number', () => {
    const text = 'Call 855-321-OPEN any time.\nPhone: 8553216736';
    expect(phones(text).map((p) => p.number)).toEqual(['855-321-OPEN']);
  });

  it('keeps the label the line names, and none for a plain "Phone:" or a sentence', () => {
    const text = [
      'Reception: 01949 728288',
      'Emergencies – 01949 728000',
      'Out of hours | 0800 123 4567',
      '510-233-1003 (front desk)',
      'Phone: 416-555-0100',
      'T: 410.825.0123',
      'Please feel free to call us at 510-233-1099 with any question.',
    ].join('\n');
    expect(phones(text)).toEqual([
      { number: '01949 728288', label: 'Reception' },
      { number: '01949 728000', label: 'Emergencies' },
      { number: '0800 123 4567', label: 'Out of hours' },
      { number: '510-233-1003', label: 'front desk' },
      { number: '416-555-0100' },
      { number: '410.825.0123' },
      { number: '510-233-1099' },
    ]);
  });

  it('reads a letterhead’s one-letter labels: F is a fax, M a mobile, T the phone', () => {
    expect(phones('T 020 7386 7755\n\nF 020 7610 2500\n\nM: 07700 900123')).toEqual([
      { number: '020 7386 7755' },
      { number: '020 7610 2500', label: 'Fax' },
      { number: '07700 900123', label: 'Mobile' },
    ]);
  });

  it('reads a vanity number spelt with letters', () => {
    expect(phones('T: 410.825.FORM')).toEqual([{ number: '410.825.FORM' }]);
  });

  it('leaves out a directory of other places’ numbers printed beside the business’s own', () => {
    const lines = [
      'Phone: (864) 207-1540',
      'The Abernathy (864) 654-5299 A premier boutique hotel experience right near downtown.',
      'Hotel Tillman (864) 653-6000 A classic Clemson staple with easy access to the trail.',
      '(864) 654-8833 High-end rooms with an outdoor pool, located nearby.',
    ];
    expect(phones(lines.join('\n')).map((p) => p.number)).toEqual(['(864) 207-1540']);
    // Two described numbers are no directory, nor a number with a cue to call it.
    const notADirectory = [...lines.slice(0, 3), 'Call (864) 654-8833 for rooms with an outdoor pool.'];
    expect(phones(notADirectory.join('\n'))).toHaveLength(4);
  });

  it('lists a number once however often it is printed', () => {
    expect(phones('Call 510-233-1003.\nPhone: 510-233-1003\n(510) 233-1003')).toEqual([
      { number: '510-233-1003' },
    ]);
  });

  it('takes no date, year range, price, time range, order number or bare digits for a phone', () => {
    const text = [
      'Opened 2011-2016, renovated on 2018-03-15.',
      'Prices from $1,200,000 and £4 500 000.',
      'Open 9.30-17.30 daily, booked out for 1-2 months.',
      'Order 12345678901 shipped.',
      'Reference 0123 4567',
    ].join('\n');
    expect(phones(text)).toEqual([]);
  });
});
