import { PLANS } from '@vuxo/shared/plans';
import type { OcrReadout } from '@vuxo/shared/schemas';
import { decodeText } from './decode-text.js';
import { DOCUMENT_FORMATS, detectDocumentKind } from './detect-type.js';
import { extractDoc } from './doc.js';
import { extractDocx } from './docx.js';
import { ExtractionError } from './errors.js';
import { countVisibleChars, normalizeText } from './normalize-text.js';
import { checkDocumentSize, checkTextLength } from './limits.js';
import { OcrSession } from './ocr/ocr-session.js';
import { takeUnsureMarks, withoutUnsureMarks } from './ocr/unsure-marks.js';
import { extractPdf } from './pdf.js';
import type { DocumentKind, ExtractedDocument, ImageKind } from './types.js';

export interface CoreOptions {
  /** The most pages OCR reads (the caller's plan); 0 turns it off. */
  ocrMaxPages?: number;
  /** Called before each page OCR reads: pages done, pages to read. */
  onOcrPage?: (done: number, total: number) => void;
  /** False: stop with 'needsOcr' once OCR work is found and fits the cap (the caller reruns with more memory). */
  ocrStage?: boolean;
  /** The PDF's scanned pages, as the first process found them: not looked for again. */
  scanPages?: number[];
}

const isImage = (kind: DocumentKind): kind is ImageKind =>
  kind === 'jpeg' || kind === 'png' || kind === 'webp';

/** The whole extraction, on the current thread and without a time limit (the child process runs this). */
export async function extractInThisThread(
  bytes: Uint8Array,
  options: CoreOptions = {},
): Promise<ExtractedDocument> {
  checkDocumentSize(bytes);
  const kind = await detectDocumentKind(bytes);
  const format = DOCUMENT_FORMATS[kind];
  const maxPages = options.ocrMaxPages ?? PLANS.trial.ocrMaxPages;
  const ocr =
    maxPages > 0 ? new OcrSession(maxPages, options.ocrStage ?? true, options.onOcrPage) : undefined;
  try {
    if (kind === 'pdf') {
      const marked = await extractPdf(bytes, ocr, options.scanPages);
      const { text, unsure } = takeUnsureMarks(normalizeText(marked.map((page) => page.text).join('\n\n')));
      checkTextLength(text.length);
      const pages = marked.map((page) => ({ ...page, text: withoutUnsureMarks(page.text) }));
      return { kind, ...format, text, pages, ocr: readout(ocr, text, unsure) };
    }
    let raw: string;
    if (isImage(kind)) {
      if (!ocr) throw new ExtractionError('wrongType');
      ocr.reserve([1]);
      raw = await ocr.read(bytes, 1);
    } else {
      raw = withoutUnsureMarks(
        kind === 'docx'
          ? await extractDocx(bytes)
          : kind === 'doc'
            ? await extractDoc(bytes)
            : decodeText(bytes),
      );
    }
    const { text, unsure } = takeUnsureMarks(normalizeText(raw));
    checkTextLength(text.length);
    if (countVisibleChars(text) === 0) throw new ExtractionError('noText');
    return { kind, ...format, text, pages: null, ocr: readout(ocr, text, unsure) };
  } finally {
    await ocr?.close();
  }
}

/** What the owner is shown of a document some of whose text OCR read; null when none was. */
function readout(ocr: OcrSession | undefined, text: string, unsure: [number, number][]): OcrReadout | null {
  const pages = ocr?.pagesReadByOcr();
  return pages ? { pages, text, unsure } : null;
}
