import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

type PdfJs = typeof PdfJsModule;
/** getDocument's parameters as an object (not a URL or the bare bytes). */
export type PdfOpenOptions = Exclude<
  Parameters<PdfJs['getDocument']>[0],
  string | URL | ArrayBufferLike | ArrayBufferView | undefined
>;

/** pdf.js drops every image, before decoding it, from the operators of a document opened with this. */
export const NO_IMAGES = { maxImageSize: 0 } as const;

/**
 * Tells whether a page paints an image (a scan) without decoding one: finding it the way pdf.js renders a page
 * decodes every image on the page (0.1-0.7 s for a page-sized JPEG), so a 500-page scan held an extraction process
 * for a minute before its page count was checked (issue 43).
 *
 * pdf.js checks an image's declared size before decoding it: with `maxImageSize: 0` every image is too large. A
 * lenient document drops it and goes on; a strict one (`stopAtErrors`) ends the page's operators there, whether the
 * image is painted directly, inline, as a mask or inside a form. So a page whose strict operator list is shorter
 * than its lenient one paints an image. (A page that fails in a strict document for another reason is told as a
 * scan too: it costs one page of the OCR cap, never a decoded image.) `main` is the document the text is read from:
 * when it was opened with NO_IMAGES it is the lenient one, else one is opened. The other documents are opened
 * on the first page asked about.
 */
export function scanPageFinder(pdfjs: PdfJs, bytes: Uint8Array, main: PdfOpenOptions) {
  const opened: ReturnType<PdfJs['getDocument']>[] = [];
  const open = (extra: PdfOpenOptions) => {
    const task = pdfjs.getDocument({ ...main, ...NO_IMAGES, ...extra, data: new Uint8Array(bytes) });
    opened.push(task);
    // Awaited only when asked: a document that does not open is not an unhandled rejection meanwhile.
    task.promise.catch(() => {});
    return task.promise;
  };
  let strict: Promise<PDFDocumentProxy> | undefined;
  let lenient: Promise<PDFDocumentProxy> | undefined;
  const mainDropsImages = main.maxImageSize === NO_IMAGES.maxImageSize;

  const operatorCount = async (document: PDFDocumentProxy, pageNumber: number) => {
    const page = await document.getPage(pageNumber);
    try {
      return (await page.getOperatorList()).fnArray.length;
    } finally {
      page.cleanup();
    }
  };

  return {
    /** Whether `page` (of the main document) paints an image. */
    async paintsImage(page: PDFPageProxy): Promise<boolean> {
      strict ??= open({ stopAtErrors: true });
      const all = mainDropsImages
        ? (await page.getOperatorList()).fnArray.length
        : await operatorCount(await (lenient ??= open({ stopAtErrors: false })), page.pageNumber);
      return (await operatorCount(await strict, page.pageNumber)) < all;
    },
    async close(): Promise<void> {
      await Promise.all(opened.map((task) => task.destroy()));
    },
  };
}
