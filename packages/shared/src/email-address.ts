import { CONTACT_EMAIL_MAX } from './limits.js';

/**
 * One plain email address, the rule every mail field the product takes uses (issue 43, F3 and F4): a visitor's,
 * an owner's notification or contact address, the contact form's, a key fact's. Zod-free, so the widget and
 * the contact page check it too.
 *
 * A dot-atom of letters, digits and _ ' + - before the @, host name labels after it, ASCII only: it can go
 * into a To or Reply-To header as it is, so a display name (`"Support" <x@evil.example>`), a list
 * (`a@b.example,postmaster`), angle brackets, quotes, commas, semicolons, spaces and control characters are all
 * refused. The last label (the top-level domain) starts with a letter and has two characters or more.
 */
const ATOM = "[A-Za-z0-9_'+-]+";
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?';
const TOP_LEVEL = '[A-Za-z][A-Za-z0-9-]*[A-Za-z0-9]';
const PLAIN_EMAIL = new RegExp(`^${ATOM}(?:\\.${ATOM})*@(?:${LABEL}\\.)+${TOP_LEVEL}$`);

/** The longest address mail servers accept (RFC 5321); the length is checked before the shape. */
export const EMAIL_MAX = CONTACT_EMAIL_MAX;

export function isPlainEmail(text: string): boolean {
  return text.length <= EMAIL_MAX && PLAIN_EMAIL.test(text);
}
