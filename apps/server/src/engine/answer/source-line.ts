import type { Passage } from '../passages/index.js';
import { escapeMarkdownText } from './markdown-safety.js';

/**
 * How an answer names the part of the document it comes from (decisions, section 5): "Fees", "Fees (page 3)",
 * "page 3", or the document's name when a passage has neither heading nor page.
 */
export function sourceLabel(passage: Passage, documentName: string): string {
  const heading = passage.heading?.trim();
  if (heading && passage.page !== null) return `${heading} (page ${passage.page})`;
  if (heading) return heading;
  if (passage.page !== null) return `page ${passage.page}`;
  return documentName || 'the document';
}

/** The answer's last line: "_Source: Fees_" or "_Sources: Fees; Privacy_" (plain text, escaped). */
export function sourceLine(passages: readonly Passage[], documentName: string): string {
  const labels = [...new Set(passages.map((p) => sourceLabel(p, documentName)))];
  if (labels.length === 0) return '';
  const text = labels.map(escapeMarkdownText).join('; ');
  return `_${labels.length > 1 ? 'Sources' : 'Source'}: ${text}_`;
}
