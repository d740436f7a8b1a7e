import { NeedsOcrError } from '../../../src/engine/extract/errors.js';
import { extractInThisThread } from '../../../src/engine/extract/extract-core.js';
import { PDF_CONTENT_STREAM_MAX_BYTES, PDF_MAX_PAGES } from '../../../src/engine/extract/limits.js';
import { pageItemsToText } from '../../../src/engine/extract/pdf-lines.js';
import type { PositionedText } from '../../../src/engine/extract/pdf-lines.js';
import {
  makeCorruptPdf,
  makeEncryptedPdf,
  makeImagePdf,
  makeLongPdf,
  makePdfBomb,
  makeSharedStreamPdf,
  makeTextlessPdf,
  makeTextPdf,
} from '../../fixtures/pdf-fixtures.js';
import { OCR_MAX_PAGES_ANY_PLAN, PLANS } from '@vuxo/shared/plans';
import { MENU_LINES, makeManyPageScan, makeScannedPdf, renderScan } from '../../fixtures/scan-fixtures.js';
import { expectRefusal } from './expect-refusal.js';

describe('PDF extraction', () => {
  it('returns numbered pages whose lines and paragraphs are rebuilt from positions', async () => {
    const pdf = await makeTextPdf([
      {
        heading: 'Opening hours',
        paragraphs: [['We open at nine in the morning.', 'We close at five.'], ['Closed on Sundays.']],
      },
      { heading: 'Prices', paragraphs: [['A haircut costs 20 euros.']] },
    ]);
    const document = await extractInThisThread(pdf);
    expect(document).toMatchObject({ kind: 'pdf', mimeType: 'application/pdf', extension: '.pdf' });
    expect(document.pages).toEqual([
      {
        page: 1,
        text: 'Opening hours\n\nWe open at nine in the morning.\nWe close at five.\n\nClosed on Sundays.',
      },
      { page: 2, text: 'Prices\n\nA haircut costs 20 euros.' },
    ]);
    expect(document.text).toBe(document.pages?.map((page) => page.text).join('\n\n'));
  });

  it('refuses a password-protected PDF', async () => {
    await expectRefusal(extractInThisThread(makeEncryptedPdf()), 'pdfEncrypted', 422);
  });

  it('refuses a damaged PDF, garbled or truncated', async () => {
    await expectRefusal(extractInThisThread(makeCorruptPdf()), 'corrupt', 422);
    const pdf = await makeTextPdf([{ heading: 'Title', paragraphs: [['Some text on the page.']] }]);
    await expectRefusal(extractInThisThread(pdf.slice(0, Math.floor(pdf.length / 2))), 'corrupt', 422);
  });

  it('refuses a PDF without text (a scan)', async () => {
    await expectRefusal(extractInThisThread(await makeTextlessPdf()), 'noText', 422);
  });

  it('refuses a small PDF whose pages share one stream of more text than the limit', async () => {
    // Six pages of 1 MiB of text each, from a PDF of a few kilobytes.
    const pdf = makeSharedStreamPdf(6, 1024);
    expect(pdf.length).toBeLessThan(64 * 1024);
    await expectRefusal(extractInThisThread(pdf), 'textTooLong', 422);
  });

  it('refuses a PDF whose page stream inflates past the limit before pdf.js parses it', async () => {
    const bomb = makePdfBomb(2 * (PDF_CONTENT_STREAM_MAX_BYTES / 1024 / 1024));
    expect(bomb.length).toBeLessThan(256 * 1024);
    const started = performance.now();
    await expectRefusal(extractInThisThread(bomb), 'tooComplex', 422);
    // pdf.js spent 1.7-3 s on this stream before finding no text in it.
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('reads a PDF whose image inflates past the content limit (images are not content)', async () => {
    const [width, height] = [4096, 3072];
    expect(width * height * 3).toBeGreaterThan(PDF_CONTENT_STREAM_MAX_BYTES);
    const document = await extractInThisThread(makeImagePdf(width, height));
    expect(document.text).toBe('Our clinic opens at nine and closes at six on weekdays.');
  });

  it(`reads at most ${PDF_MAX_PAGES} pages`, async () => {
    const document = await extractInThisThread(await makeLongPdf(PDF_MAX_PAGES + 3));
    expect(document.pages).toHaveLength(PDF_MAX_PAGES);
    expect(document.pages?.at(-1)?.page).toBe(PDF_MAX_PAGES);
    expect(document.text).not.toContain(`Section ${PDF_MAX_PAGES + 1}`);
  });

  it(`refuses a ${PDF_MAX_PAGES}-page scan as soon as its scans pass the cap, decoding no image to find them`, async () => {
    // Issue 43: one JPEG on every page. Each scan was found by decoding its image, all 500 before the cap was
    // checked (a minute for the Free Trial's cap, 76-78 s for a Pro owner).
    const scan = await makeManyPageScan(PDF_MAX_PAGES);
    for (const ocrMaxPages of [PLANS.trial.ocrMaxPages, OCR_MAX_PAGES_ANY_PLAN]) {
      const started = performance.now();
      await expectRefusal(
        extractInThisThread(scan, { ocrMaxPages, ocrStage: false }),
        'tooManyScannedPages',
        422,
      );
      expect(performance.now() - started).toBeLessThan(5000);
    }
    // Within the cap, the pages found are the scans, every one of them.
    const found = await expectRefusal(
      extractInThisThread(await makeManyPageScan(3), { ocrMaxPages: 5, ocrStage: false }),
      'needsOcr',
      422,
    );
    expect((found as NeedsOcrError).scanPages).toEqual([1, 2, 3]);
  });

  it('the OCR process reads the scanned pages the first process found, and only those', async () => {
    const pdf = await makeScannedPdf([renderScan(MENU_LINES)], [['Welcome to Luigi Trattoria, since 1987.']]);
    const found = await expectRefusal(
      extractInThisThread(pdf, { ocrMaxPages: 5, ocrStage: false }),
      'needsOcr',
      422,
    );
    expect(found).toBeInstanceOf(NeedsOcrError);
    expect((found as NeedsOcrError).scanPages).toEqual([2]);

    const progress: string[] = [];
    const read = await extractInThisThread(pdf, {
      ocrMaxPages: 5,
      scanPages: [2],
      onOcrPage: (done, total) => progress.push(`${done} of ${total}`),
    });
    expect(read.ocr?.pages).toEqual([2]);
    expect(read.text).toContain('Lasagna al forno');
    expect(progress).toEqual(['0 of 1']);
    // Told there are none, it looks for none.
    const none = await extractInThisThread(pdf, { ocrMaxPages: 5, scanPages: [] });
    expect(none.ocr).toBeNull();
  }, 60_000);
});

describe('PDF line rebuilding', () => {
  const item = (str: string, x: number, y: number, size = 10, hasEOL = false): PositionedText => ({
    str,
    x,
    y,
    width: str.length * size * 0.5,
    size,
    hasEOL,
  });

  it('joins the runs of one baseline with spaces where there is a gap', () => {
    expect(pageItemsToText([item('Hello', 10, 700), item('world', 45, 700), item('!', 70, 700)])).toBe(
      'Hello world!',
    );
  });

  it('breaks lines on end-of-line marks and paragraphs on large gaps and size changes', () => {
    const text = pageItemsToText([
      item('Big title', 10, 760, 18),
      item('line one', 10, 730),
      item('line two', 10, 718),
      item('', 60, 718, 10, true),
      item('after a gap', 10, 690),
      item('back to the left', 10, 690),
    ]);
    expect(text).toBe('Big title\n\nline one\nline two\n\nafter a gap back to the left');
    expect(pageItemsToText([item('a', 10, 700, 10, true), item('b', 10, 700)])).toBe('a\nb');
  });

  it('starts a new paragraph when the text moves up (next column)', () => {
    expect(pageItemsToText([item('left column', 10, 100), item('right column', 300, 700)])).toBe(
      'left column\n\nright column',
    );
  });
});
