import { ExtractionError, NeedsOcrError } from '../errors.js';
import { normalizeText } from '../normalize-text.js';
import { ocrReader, type OcrReader } from './ocr-reader.js';
import { prepareForOcr, type RawImage } from './prepare-image.js';

/**
 * The OCR of one document: holds its page cap (the caller's plan), a Tesseract worker per page, and which pages
 * were read, for the owner's note.
 */
export class OcrSession {
  private reader: OcrReader = ocrReader();
  private readonly pagesRead: number[] = [];
  private reserved = 0;

  constructor(
    private readonly maxPages: number,
    /** False in the first, smaller extraction process, which only checks the cap. */
    readonly canRead: boolean,
    private readonly onPage: (done: number, total: number) => void = () => {},
  ) {}

  /** Refuses the document as soon as more pages than the cap are found to need reading (before they are all found). */
  checkFound(count: number): void {
    if (count > this.maxPages) throw new ExtractionError('tooManyScannedPages');
  }

  /** Claims these pages of the cap; refuses the whole document when they do not fit. */
  reserve(pages: number[]): void {
    if (this.reserved + pages.length > this.maxPages) throw new ExtractionError('tooManyScannedPages');
    this.reserved += pages.length;
    if (!this.canRead) throw new NeedsOcrError(pages);
  }

  /** The text of one photo or rendered page (reserved beforehand), its unsure words marked. */
  async read(image: Uint8Array | RawImage, pageNumber: number): Promise<string> {
    this.onPage(this.pagesRead.length, this.reserved);
    const page = await this.reader.read(await prepareForOcr(image));
    // Tesseract's WebAssembly memory only grows: a fresh engine per page (0.5 s) keeps a long scan's memory at one
    // page's, inside the process's limit.
    await this.reader.close();
    this.reader = ocrReader();
    this.pagesRead.push(pageNumber);
    return normalizeText(page);
  }

  /** The pages read from images, or null when none was. */
  pagesReadByOcr(): number[] | null {
    return this.pagesRead.length === 0 ? null : [...this.pagesRead];
  }

  close(): Promise<void> {
    return this.reader.close();
  }
}
