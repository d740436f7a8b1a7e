import { withoutBidiControls } from './bidi-controls.js';
import type { Passage } from '../passages/index.js';

/**
 * How an answer names the part of the document it comes from: "Fees", "Fees (page 3)",
 * "page 3", or the document's name when a passage has neither heading nor page; a website page by its title.
 * Never with direction controls (bidi-controls.ts): a label is shown to visitors.
 */
export function sourceLabel(passage: Passage, documentName: string): string {
  if (passage.source) return visible(passage.source.title) || passage.source.url;
  const heading = visible(passage.heading ?? '');
  if (heading && passage.page !== null) return `${heading} (page ${passage.page})`;
  if (heading) return heading;
  if (passage.page !== null) return `page ${passage.page}`;
  return visible(documentName) || 'the document';
}

const visible = (text: string) => withoutBidiControls(text).trim();

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

/** A part of the document as plain text; a website page as a link to it. */
function sourceReference(passage: Passage, documentName: string): string {
  const label = escapeLabel(sourceLabel(passage, documentName));
  if (!passage.source) return label;
  const address = passage.source.url.replace(
    /[()<>\s]/g,
    (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0').toUpperCase()}`,
  );
  return `[${label}](${address})`;
}

/**
 * The answer's last line: "_Source: Fees_", "_Sources: Fees; Privacy_" (plain text, escaped), or with a
 * website page, "_Source: [Opening hours](https://…)_".
 */
export function sourceLine(passages: readonly Passage[], documentName: string): string {
  const references = [...new Set(passages.map((p) => sourceReference(p, documentName)))];
  if (references.length === 0) return '';
  return `_${references.length > 1 ? 'Sources' : 'Source'}: ${references.join('; ')}_`;
}
