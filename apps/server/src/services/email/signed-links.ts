import { createHmac, timingSafeEqual } from 'node:crypto';

const MAC = /^[A-Za-z0-9_-]{22}$/;
const EXPIRY = /^[0-9a-z]{1,10}$/;

/**
 * Tokens for links in mails (unsubscribe, address confirmation): `subject.expiry.mac`, the MAC an HMAC under a
 * key derived from the app secret and the link's purpose, so a token for one purpose never works for another.
 * Nothing is stored; a token works until its expiry (seconds, base 36) and cannot be forged or extended.
 */
export function signedLinks(secret: Buffer, purpose: string) {
  const key = createHmac('sha256', secret).update(`vuxo:${purpose}:v2`).digest();
  const macOf = (signed: string) => createHmac('sha256', key).update(signed).digest().subarray(0, 16);

  return {
    sign(subject: string, expiresAt: Date): string {
      const signed = `${subject}.${Math.floor(expiresAt.getTime() / 1000).toString(36)}`;
      return `${signed}.${macOf(signed).toString('base64url')}`;
    },
    /** The subject a token names, or null when this server did not sign it or it has expired. */
    verify(token: string, now: Date, maxLength: number): string | null {
      if (token.length > maxLength) return null;
      const macAt = token.lastIndexOf('.');
      const expiryAt = token.lastIndexOf('.', macAt - 1);
      if (expiryAt <= 0) return null;
      const [subject, expiry, mac] = [
        token.slice(0, expiryAt),
        token.slice(expiryAt + 1, macAt),
        token.slice(macAt + 1),
      ];
      if (!EXPIRY.test(expiry) || !MAC.test(mac)) return null;
      // Compared as text: base64url's last character has bits a decoder ignores, so only one spelling is valid.
      const given = Buffer.from(mac);
      const expected = Buffer.from(macOf(token.slice(0, macAt)).toString('base64url'));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return parseInt(expiry, 36) * 1000 > now.getTime() ? subject : null;
    },
  };
}
