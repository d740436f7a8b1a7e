import { findAddress } from '../../../src/engine/facts/address.js';
import { factLines } from '../../../src/engine/facts/lines.js';

const address = (text: string) => findAddress(factLines(text));

describe('findAddress', () => {
  it('joins an address block ending in a UK postcode, without the heading above it', () => {
    const text = [
      '## Find us',
      '',
      'The Old Barn',
      '12 High Street',
      'Bingham',
      'Nottingham',
      'NG13 8AB',
      '',
      'Parking at the rear.',
    ];
    expect(address(text.join('\n'))).toBe('The Old Barn, 12 High Street, Bingham, Nottingham, NG13 8AB');
  });

  it('reads a US street, town, state and ZIP on one line or two', () => {
    expect(address('Form Salon\n\n742 Dulaney Valley Road, Towson, MD 21204\n410.825.FORM')).toBe(
      '742 Dulaney Valley Road, Towson, MD 21204',
    );
    expect(address('Contact Us\n\n742 Dulaney Valley Rd.\nTowson, MD 21204\nT: 410.825.FORM')).toBe(
      '742 Dulaney Valley Rd., Towson, MD 21204',
    );
  });

  it('reads an "Address:" line and a location heading with its block', () => {
    expect(address('Address: 5 Rue de Rivoli, 75001 Paris')).toBe('5 Rue de Rivoli, 75001 Paris');
    expect(address('#### Location\n\n11070 San Pablo Ave\nEl Cerrito, CA 94530\n\nPhone: 510-233-1003')).toBe(
      '11070 San Pablo Ave, El Cerrito, CA 94530',
    );
  });

  it('cuts an address out of the sentence that gives it', () => {
    expect(address("We're at 12 High St, Bingham NG13 8AB, next to the church.")).toBe(
      '12 High St, Bingham NG13 8AB',
    );
    expect(
      address(
        'We are located at 240 Queens Quay West, Suite 310, Toronto. The entrance is on the east side.',
      ),
    ).toBe('240 Queens Quay West, Suite 310, Toronto');
    expect(address('Toronto office: 123 Queen St W, Toronto, ON M5H 2M9')).toBe(
      '123 Queen St W, Toronto, ON M5H 2M9',
    );
  });

  it('guesses nothing: a town, a described location or a postcode-less line give no address', () => {
    const text = [
      'Serving El Cerrito, CA since 1958.',
      'Location:',
      'We are located in the Dulaney Plaza Shopping Center, across from Towson Town Center and behind Fresh Market.',
      'We proudly serve the pets of El Cerrito, Albany and Richmond.',
      'Address all letters to the manager.',
    ].join('\n');
    expect(address(text)).toBeNull();
  });
});

describe('findAddress without a label or a postcode it knows', () => {
  it('reads a numbered street with the town lines below it', () => {
    expect(address('# Contact us\n\n29 Chelsea Street\nMiramar\nWellington 6022\n\nPhone: 04 380 0000')).toBe(
      '29 Chelsea Street, Miramar, Wellington 6022',
    );
  });

  it('reads a street named before its number, as Spanish, French and Italian addresses are', () => {
    expect(address('Find the hive in the village: Calle Teniente Trujillo, 3, 11660 Prado del Rey.')).toBe(
      'Calle Teniente Trujillo, 3, 11660 Prado del Rey',
    );
    expect(address('Our shop is at C/ Mayor 5 in the old town.')).toBe('C/ Mayor 5');
    expect(address('Come and see us at Via Roma 12, Torino')).toBe('Via Roma 12, Torino');
  });

  it('reads a flyer’s street and town beside its email and phone', () => {
    const text =
      '48 hour service.\n\n34 Ravendale Road call@clean.example\nDarlington 07714 346 060\nDL3 8EA';
    expect(address(text)).toBe('34 Ravendale Road, Darlington, DL3 8EA');
  });

  it('gives none for a sentence that only mentions a street without a number', () => {
    expect(address('Parking is on Chelsea Street behind the hall.')).toBeNull();
  });
});

describe('findAddress, the business’s own block among the document’s lines', () => {
  it('takes no phone number for a state and ZIP, and no prose line above a postcode', () => {
    const text = [
      'Appointments are made at a',
      'time to suit the customer.',
      'Contact Us 01708 444 355 OR 07966 888 630 — 24 hours',
      '',
      'RSF Group - 9-11 Butts Green Road, Hornchurch, Essex, RM11 2JR',
    ].join('\n');
    expect(address(text)).toBe('RSF Group - 9-11 Butts Green Road, Hornchurch, Essex, RM11 2JR');
  });

  it('takes no bare postcode or county for an address, and reads an "Our addresses" block', () => {
    const text = [
      'The clinic is based at Normandy House, 305-309 High Street, Cheltenham,',
      'Gloucestershire, GL50 3HW. We also run a clinic in Gloucester.',
      '',
      'Our addresses:',
      '',
      '41 Milton Rd,',
      'Cheltenham, GL51 7ET',
    ].join('\n');
    expect(address(text)).toBe('41 Milton Rd, Cheltenham, GL51 7ET');
  });

  it('reads one column of two addresses side by side', () => {
    const text = [
      '## Our Address:',
      '',
      'Blackwater Pharma | Branch surgery',
      'Princes Road | Goldring House',
      'Maldon | Rowan Drive',
      'Essex | Heybridge',
      'CM9 5GP | Essex',
      ' | CM9 4BW',
    ].join('\n');
    expect(address(text)).toBe('Blackwater Pharma, Princes Road, Maldon, Essex, CM9 5GP');
  });

  it('reads a block spaced out line by line, up to the name above its street', () => {
    const text = ['contact', '', 'Oasis Printing,', '', '40 Greyhound Road,', '', 'London', '', 'W6 8NX'];
    expect(address(text.join('\n'))).toBe('Oasis Printing, 40 Greyhound Road, London, W6 8NX');
    const hours = ['Opening hours', '', 'Mon-Fri 9-5', '', '12 High St', 'London W1A 2AB'];
    expect(address(hours.join('\n'))).toBe('12 High St, London W1A 2AB');
  });

  it('prefers the street with its ZIP to the same street named without one', () => {
    const text =
      'Visit us: 76 Washington St, Brighton.\n\nFind us.\n\n76 Washington Street · Brighton, MA 02135';
    expect(address(text)).toBe('76 Washington Street · Brighton, MA 02135');
  });

  it('reads a dotted state, a trail, and a German street with its postcode; no decimal is a street number', () => {
    expect(
      address('Rehearsal: 1.0 Hour Rehearsal Walk Through\n220 Issaqueena Trail, Clemson, S.C. 29631'),
    ).toBe('220 Issaqueena Trail, Clemson, S.C. 29631');
    expect(address('Contact Options\n\nSpielbudenplatz 21, 20359 Hamburg\ninfo@skurrilum.example')).toBe(
      'Spielbudenplatz 21, 20359 Hamburg',
    );
    expect(address('Rehearsal: 1.0 Hour Rehearsal Walk Through (book ahead).')).toBeNull();
    expect(address('Spring 2024 brings new classes.')).toBeNull();
  });

  it('reads a labelled block with the house number after its street and a four-digit postcode', () => {
    const text =
      'Address\n\nHungary, Budapest 1051\nFerenciek tere 2\nPhone +36 1 2673166\nEmail desk@hostel.example';
    expect(address(text)).toBe('Hungary, Budapest 1051, Ferenciek tere 2');
    // Without a postcode or a house number, a labelled line is no address.
    expect(address('Address\n\nPlease write to the office\nPhone +36 1 2673166')).toBeNull();
  });
});
