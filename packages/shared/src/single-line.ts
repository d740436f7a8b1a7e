/**
 * Single-line fields (names, subjects, titles): a line break inside one is refused, never stored, so the text
 * can later go into a mail header or a one-line label as it is. Zod-free, so the contact page checks it too.
 */
export const SINGLE_LINE_MSG = 'Please keep this on one line';

/** CR, LF, vertical tab, form feed, NEL and the Unicode line and paragraph separators. */
const LINE_BREAK = /[\n\v\f\r\u0085\u2028\u2029]/;

export function isSingleLine(text: string): boolean {
  return !LINE_BREAK.test(text);
}
