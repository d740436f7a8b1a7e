import { fileURLToPath } from 'node:url';
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { ExtractionError } from './errors.js';
import { checkTextLength, OCR_PAGE_MIN_TEXT_CHARS, PDF_MAX_PAGES, PDF_MIN_TEXT_CHARS } from './limits.js';
import { countVisibleChars, normalizeText } from './normalize-text.js';
import { checkPdfContentStreams } from './pdf-content-streams.js';
import { NO_IMAGES, scanPageFinder, type PdfOpenOptions } from './pdf-scan-pages.js';
import type { OcrSession } from './ocr/ocr-session.js';
import { renderPdfPage } from './ocr/render-pdf-page.js';
import { withoutUnsureMarks } from './ocr/unsure-marks.js';
import type { PositionedText } from './pdf-lines.js';
import { pageItemsToText } from './pdf-lines.js';
import type { ExtractedPage } from './types.js';

type TextItem = Extract<
  Awaited<ReturnType<PDFPageProxy['getTextContent']>>['items'][number],
  { str: string }
>;

const PDFJS = 'pdfjs-dist/legacy/build/pdf.mjs';
/** pdf.js reads CMaps and standard font data from the installed package (plain file reads, no fetch). */
const pdfjsAsset = (folder: string): string =>
  fileURLToPath(new URL(`../../${folder}/`, import.meta.resolve(PDFJS)));

/**
 * The text of each page; pages with (almost) no text layer but an image on them are scans, rendered and read by
 * `ocr` once every page's text layer is known (so a document over the OCR page cap is refused before any is read).
 * Finding a scan decodes nothing (scanPageFinder), and the document is refused as soon as one more scan than the
 * cap is found; only the pages to be read are rendered.
 */
export async function extractPdf(
  bytes: Uint8Array,
  ocr?: OcrSession,
  knownScans?: number[],
): Promise<ExtractedPage[]> {
  checkPdfContentStreams(bytes);
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const options: PdfOpenOptions = {
    // pdf.js 6 compiles nothing with eval (its isEvalSupported option is gone with it).
    disableFontFace: true,
    useSystemFonts: false,
    useWorkerFetch: false,
    stopAtErrors: false,
    enableXfa: false,
    isOffscreenCanvasSupported: false,
    disableAutoFetch: true,
    disableStream: true,
    disableRange: true,
    cMapUrl: pdfjsAsset('cmaps'),
    cMapPacked: true,
    standardFontDataUrl: pdfjsAsset('standard_fonts'),
    verbosity: pdfjs.VerbosityLevel.ERRORS,
    // Only a process that reads scans renders pages; the others never decode an image.
    ...(ocr?.canRead ? {} : NO_IMAGES),
  };
  const task = pdfjs.getDocument({ ...options, data: new Uint8Array(bytes) });
  // Scans are looked for here unless the first process found them (and only with OCR on).
  const finder = ocr && !knownScans ? scanPageFinder(pdfjs, bytes, options) : null;
  try {
    const pdf = await task.promise.catch((cause: unknown) => {
      const name = cause instanceof Error ? cause.name : '';
      throw new ExtractionError(name === 'PasswordException' ? 'pdfEncrypted' : 'corrupt', { cause });
    });
    const pages: ExtractedPage[] = [];
    const scans: number[] = [];
    let failures = 0;
    let characters = 0;
    for (let number = 1; number <= Math.min(pdf.numPages, PDF_MAX_PAGES); number++) {
      try {
        const page = await pdf.getPage(number);
        const content = await page.getTextContent();
        const items = content.items.filter((item): item is TextItem => 'str' in item).map(toPositioned);
        const text = normalizeText(withoutUnsureMarks(pageItemsToText(items)));
        pages.push({ page: number, text });
        const isScan =
          finder !== null &&
          countVisibleChars(text) < OCR_PAGE_MIN_TEXT_CHARS &&
          (await finder.paintsImage(page).catch(() => false));
        page.cleanup();
        if (isScan) scans.push(number);
        characters += text.length;
      } catch {
        failures += 1;
        pages.push({ page: number, text: '' });
      }
      // Refused as soon as the scans pass the cap: a 500-page scan is not looked through to the end first.
      ocr?.checkFound(scans.length);
      // Pages can share one content stream: a few kilobytes of PDF can repeat megabytes of text.
      checkTextLength(characters);
    }
    if (knownScans) scans.push(...knownScans.filter((number) => number >= 1 && number <= pages.length));
    if (ocr && scans.length > 0) {
      ocr.reserve(scans);
      for (const number of scans) {
        const page = await pdf.getPage(number);
        const read = await ocr.read(await renderPdfPage(pdf, page), number);
        page.cleanup();
        await pdf.cleanup();
        const entry = pages[number - 1]!;
        entry.text = normalizeText([entry.text, read].filter(Boolean).join('\n\n'));
        characters += read.length;
        checkTextLength(characters);
      }
    }
    if (countVisibleChars(pages.map((page) => page.text).join('')) < PDF_MIN_TEXT_CHARS) {
      throw new ExtractionError(failures > 0 ? 'corrupt' : 'noText');
    }
    return pages;
  } finally {
    await Promise.all([task.destroy(), finder?.close()]);
  }
}

function toPositioned(item: TextItem): PositionedText {
  const [a = 0, b = 0, c = 0, d = 0, x = 0, y = 0] = item.transform as number[];
  return {
    str: item.str,
    x,
    y,
    width: item.width,
    size: Math.hypot(c, d) || Math.hypot(a, b) || item.height,
    hasEOL: item.hasEOL,
  };
}
