import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { ExtractionError } from '../errors.js';
import { OCR_RENDER_DPI, OCR_RENDER_MAX_PIXELS } from '../limits.js';
import type { RawImage } from './prepare-image.js';

interface CanvasAndContext {
  canvas: { width: number; height: number };
  context: {
    fillStyle: string;
    fillRect(x: number, y: number, w: number, h: number): void;
    getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
  };
}
interface CanvasFactory {
  create(width: number, height: number): CanvasAndContext;
  destroy(canvasAndContext: CanvasAndContext): void;
}

/** The page drawn on white at 300 dpi (fewer when that passes OCR_RENDER_MAX_PIXELS), with pdf.js's own canvas. */
export async function renderPdfPage(pdf: PDFDocumentProxy, page: PDFPageProxy): Promise<RawImage> {
  const natural = page.getViewport({ scale: 1 });
  const scale = Math.min(
    OCR_RENDER_DPI / 72,
    Math.sqrt(OCR_RENDER_MAX_PIXELS / Math.max(natural.width * natural.height, 1)),
  );
  const viewport = page.getViewport({ scale });
  const width = Math.max(1, Math.floor(viewport.width));
  const height = Math.max(1, Math.floor(viewport.height));
  const factory = pdf.canvasFactory as CanvasFactory;
  let target: CanvasAndContext;
  try {
    target = factory.create(width, height);
  } catch (cause) {
    // The canvas could not be allocated within the process's memory limit.
    throw new ExtractionError('tooComplex', { cause });
  }
  try {
    target.context.fillStyle = '#ffffff';
    target.context.fillRect(0, 0, width, height);
    await page.render({
      canvasContext: target.context as never,
      canvas: target.canvas as never,
      viewport,
    }).promise;
    const { data } = target.context.getImageData(0, 0, width, height);
    return { pixels: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width, height };
  } finally {
    factory.destroy(target);
  }
}
