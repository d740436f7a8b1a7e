import { decodeText } from './decode-text.js';
import { DOCUMENT_FORMATS, detectDocumentKind } from './detect-type.js';
import { extractDoc } from './doc.js';
import { extractDocx } from './docx.js';
import { ExtractionError } from './errors.js';
import { countVisibleChars, normalizeText } from './normalize-text.js';
import { checkDocumentSize, checkTextLength } from './limits.js';
import { extractPdf } from './pdf.js';
import type { ExtractedDocument } from './types.js';

/** The whole extraction, on the current thread and without a time limit (the worker runs this). */
export async function extractInThisThread(bytes: Uint8Array): Promise<ExtractedDocument> {
  checkDocumentSize(bytes);
  const kind = await detectDocumentKind(bytes);
  const format = DOCUMENT_FORMATS[kind];
  if (kind === 'pdf') {
    const pages = await extractPdf(bytes);
    const text = normalizeText(pages.map((page) => page.text).join('\n\n'));
    checkTextLength(text.length);
    return { kind, ...format, text, pages };
  }
  const raw =
    kind === 'docx' ? await extractDocx(bytes) : kind === 'doc' ? await extractDoc(bytes) : decodeText(bytes);
  const text = normalizeText(raw);
  checkTextLength(text.length);
  if (countVisibleChars(text) === 0) throw new ExtractionError('noText');
  return { kind, ...format, text, pages: null };
}
