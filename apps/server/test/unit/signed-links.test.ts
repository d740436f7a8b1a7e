import { MAIL_LIMITS } from '@vuxo/shared';
import { signedLinks } from '../../src/services/email/signed-links.js';

const DAY_MS = 86_400_000;
const secret = Buffer.from('a test secret of enough length for an hmac key');

/** The tokens in mails' links: unsubscribe (F8 of issue 43: they expire) and address confirmation. */
describe('signed links', () => {
  const now = new Date('2026-12-06T10:00:00Z');
  const unsubscribe = signedLinks(secret, 'weekly-unsubscribe');
  const inAYear = new Date(now.getTime() + MAIL_LIMITS.unsubscribeLinkDays * DAY_MS);

  it('names its subject until it expires, and nothing after', () => {
    const token = unsubscribe.sign('user.with.dots', inAYear);
    expect(unsubscribe.verify(token, now, 200)).toBe('user.with.dots');
    expect(unsubscribe.verify(token, new Date(inAYear.getTime() - 1000), 200)).toBe('user.with.dots');
    expect(unsubscribe.verify(token, new Date(inAYear.getTime() + 1000), 200)).toBeNull();
  });

  it('refuses a token changed anywhere, too long, or signed for another purpose', () => {
    const token = unsubscribe.sign('u1', inAYear);
    const [subject, expiry, mac] = token.split('.') as [string, string, string];
    const later = (parseInt(expiry, 36) + 365 * 86_400).toString(36);
    for (const bad of [
      `u2.${expiry}.${mac}`,
      `${subject}.${later}.${mac}`,
      `${subject}.${expiry}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`,
      `${subject}.${expiry}.${mac.slice(0, -1)}${String.fromCharCode(mac.charCodeAt(21) ^ 1)}`,
      `${subject}.${mac}`,
      '',
      '..',
    ]) {
      expect(unsubscribe.verify(bad, now, 200), bad).toBeNull();
    }
    expect(unsubscribe.verify(token, now, token.length - 1)).toBeNull();
    expect(signedLinks(secret, 'mail-confirm').verify(token, now, 200)).toBeNull();
  });
});
