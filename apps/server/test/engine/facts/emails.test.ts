import { findEmails } from '../../../src/engine/facts/emails.js';

describe('findEmails', () => {
  it('finds each address once, the shared mailbox first, without the sentence around it', () => {
    const text = [
      'Monica: monica@formsalon.example',
      'For a larger table, please email info@restaurant.example.',
      'E: INFO@restaurant.example',
      '<bookings@b-and-b.co.uk>',
    ].join('\n');
    expect(findEmails(text)).toEqual([
      'info@restaurant.example',
      'bookings@b-and-b.co.uk',
      'monica@formsalon.example',
    ]);
  });

  it('takes no handle, no "@" price and no address without a domain', () => {
    expect(findEmails('Follow @laurenformsalon, 3 @ $5 each, write to admin@localhost or a@.com')).toEqual(
      [],
    );
  });
});
