const ZERO_WIDTH = /[\u200B-\u200D\u2060\uFEFF\u00AD]/g;
/** Control characters other than tab and line feed (`\P{Cc}` double negation avoids literal control chars). */
const CONTROL = /[^\P{Cc}\t\n]/gu;

/** NFC, LF line ends, no zero-width or control characters, no trailing spaces, at most one blank line in a row. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(/[\f\v\u2028\u2029]/g, '\n')
    .replace(ZERO_WIDTH, '')
    .replace(CONTROL, '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Counts characters that are not whitespace, to tell a text-less (scanned) document. */
export function countVisibleChars(text: string): number {
  return text.replace(/\s+/gu, '').length;
}
