/**
 * The document as short pieces of text, so that every pattern runs on a bounded string: a line keeps its place
 * (blank lines stay, as empty strings, to tell blocks apart), and a line longer than MAX_PIECE_CHARS is cut at its
 * sentence ends, then at a space (or anywhere, for a line without spaces).
 */
export const MAX_PIECE_CHARS = 400;

/**
 * A sentence end: the pattern starts only at a mark, so runs of anything else cost nothing. 'A.M.' and 'p.m.' end
 * a time, not a sentence ('7:00 A.M. - 5:00 P.M. Monday through Friday').
 */
const SENTENCE_END = /(?<![ap]\.m)[.!?]\s+/gi;

export function factLines(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.length <= MAX_PIECE_CHARS) out.push(line);
    else for (const sentence of sentences(line)) out.push(...chop(sentence));
  }
  return out;
}

export function sentences(line: string): string[] {
  const parts: string[] = [];
  let start = 0;
  for (const match of line.matchAll(SENTENCE_END)) {
    const end = match.index + match[0].length;
    parts.push(line.slice(start, end).trim());
    start = end;
  }
  parts.push(line.slice(start).trim());
  return parts.filter(Boolean);
}

function chop(sentence: string): string[] {
  const pieces: string[] = [];
  let start = 0;
  while (sentence.length - start > MAX_PIECE_CHARS) {
    // The space is looked for in the piece's second half only: searching back from its end through a text with no
    // space would scan to the start of the text for every piece (18 s for 5 MB of one word).
    const half = start + MAX_PIECE_CHARS / 2;
    const inHalf = sentence.slice(half, start + MAX_PIECE_CHARS + 1).lastIndexOf(' ');
    const end = inHalf > 0 ? half + inHalf : start + MAX_PIECE_CHARS;
    pieces.push(sentence.slice(start, end).trim());
    start = end;
  }
  pieces.push(sentence.slice(start).trim());
  return pieces.filter(Boolean);
}

/** Markdown emphasis and list bullets, which a fact never includes. */
export function plain(line: string): string {
  return line
    .replace(/\*+|_{2,}/g, '')
    .replace(/^(?:[-•·*]|\d{1,3}[.)])\s+/, '')
    .replace(/^#{1,6}\s+/, '')
    .trim();
}
