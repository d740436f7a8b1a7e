import { describe, expect, it } from 'vitest';
import { mailboxKey } from '../src/mail-addresses.js';

describe('the mailbox an address reaches (issue 43, F6)', () => {
  it.each([
    ['Same@Example.org', 'same@example.org'],
    ['same+1@gmail.com', 'same@gmail.com'],
    ['S.a.m.e+promo@GoogleMail.com', 'same@gmail.com'],
    ['ann+x+y@outlook.com', 'ann@outlook.com'],
    ['ann+shop@icloud.com', 'ann@icloud.com'],
  ])('counts %s as %s', (address, key) => expect(mailboxKey(address)).toBe(key));

  it('keeps the tag and the dots where the provider may not ignore them', () => {
    expect(mailboxKey('orders+eu@shop.example')).toBe('orders+eu@shop.example');
    expect(mailboxKey('first.last@outlook.com')).toBe('first.last@outlook.com');
  });
});
