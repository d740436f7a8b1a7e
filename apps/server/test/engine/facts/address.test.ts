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

  it('gives none for a sentence that only mentions a street without a number', () => {
    expect(address('Parking is on Chelsea Street behind the hall.')).toBeNull();
  });
});
