import type { Passage } from '../passages/index.js';

/**
 * How an answer names the part of the document it comes from: "Fees", "Fees (page 3)",
 * "page 3", or the document's name when a passage has neither heading nor page.
 */
export function sourceLabel(passage: Passage, documentName: string): string {
  const heading = passage.heading?.trim();
  if (heading && passage.page !== null) return `${heading} (page ${passage.page})`;
  if (heading) return heading;
  if (passage.page !== null) return `page ${passage.page}`;
  return documentName || 'the document';
}

/**
 * A heading as plain text inside the italic source line, escaping only what markdown would read there: so a
 * label reads as the document's own heading ('BZ_CONFIG_ERROR', 'Fees (page 3)'), not 'BZ\_CONFIG\_ERROR'.
 * An underscore inside a word cannot end the italics and stays as it is.
 */
function escapeLabel(label: string): string {
  return label
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\`*[\]~]/g, (c) => `\\${c}`)
    .replace(/</g, '&lt;')
    .replace(/(^|[^\p{L}\d])_|_(?=[^\p{L}\d]|$)/gu, (match) => match.replace('_', '\\_'));
}

/** The answer's last line: "_Source: Fees_" or "_Sources: Fees; Privacy_" (plain text, escaped). */
export function sourceLine(passages: readonly Passage[], documentName: string): string {
  const labels = [...new Set(passages.map((p) => sourceLabel(p, documentName)))];
  if (labels.length === 0) return '';
  const text = labels.map(escapeLabel).join('; ');
  return `_${labels.length > 1 ? 'Sources' : 'Source'}: ${text}_`;
}
