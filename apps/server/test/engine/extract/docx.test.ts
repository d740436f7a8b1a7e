import { strToU8, zipSync } from 'fflate';
import { DOCUMENT_TEXT_MAX_CHARS } from '@vuxo/shared';
import { countRunText } from '../../../src/engine/extract/docx.js';
import { extractInThisThread } from '../../../src/engine/extract/extract-core.js';
import { DOCX_MAX_ENTRIES, DOCX_MAX_UNCOMPRESSED_BYTES } from '../../../src/engine/extract/limits.js';
import {
  deflateZeros,
  makeDocx,
  makeDocxBomb,
  makeDocxWithManyEntries,
  makeWordyDocx,
  makeXlsxLikeZip,
  paragraph,
  table,
} from '../../fixtures/docx-fixtures.js';
import { expectRefusal } from './expect-refusal.js';

describe('DOCX extraction', () => {
  it('keeps headings as # lines, paragraphs as blocks and table rows as lines', async () => {
    const body = [
      paragraph('Bella Salon', 'Title'),
      paragraph('Opening hours', 'Heading1'),
      paragraph('We open at nine & close at five.'),
      paragraph('Late opening on <Thursday>.'),
      paragraph('Prices', 'Heading2'),
      table([
        ['Service', 'Price'],
        ['Haircut', '20 €'],
      ]),
      paragraph('Book online.'),
    ].join('');
    const document = await extractInThisThread(makeDocx(body));
    expect(document).toMatchObject({
      kind: 'docx',
      extension: '.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      pages: null,
    });
    expect(document.text).toBe(
      [
        '# Bella Salon',
        '# Opening hours',
        'We open at nine & close at five.',
        'Late opening on <Thursday>.',
        '## Prices',
        'Service | Price\nHaircut | 20 €',
        'Book online.',
      ].join('\n\n'),
    );
  });

  it('refuses a Word document without any text', async () => {
    await expectRefusal(extractInThisThread(makeDocx(paragraph('   '))), 'noText', 422);
  });

  describe('ZIP limits, checked before mammoth opens the file', () => {
    // 200 MiB of zeros deflate to about 200 KB.
    const zeros = deflateZeros(200);

    it('refuses a DOCX whose directory declares more than the uncompressed limit', async () => {
      const bomb = makeDocxBomb(zeros, 200 * 1024 * 1024);
      expect(bomb.length).toBeLessThan(1024 * 1024);
      await expectRefusal(extractInThisThread(bomb), 'docxTooLarge', 422);
    });

    it('refuses a DOCX that lies about its sizes, stopping the inflation at the limit', async () => {
      const started = Date.now();
      await expectRefusal(extractInThisThread(makeDocxBomb(zeros, 1000)), 'docxTooLarge', 422);
      expect(Date.now() - started).toBeLessThan(5000);
      expect(DOCX_MAX_UNCOMPRESSED_BYTES).toBe(50 * 1024 * 1024);
    });

    it(`refuses more than ${DOCX_MAX_ENTRIES} entries`, async () => {
      await expectRefusal(extractInThisThread(makeDocxWithManyEntries(5000)), 'docxTooLarge', 422);
      const document = await extractInThisThread(makeDocxWithManyEntries(DOCX_MAX_ENTRIES - 3));
      expect(document.text).toBe('Hello');
    });
  });

  describe('the text limit, checked before mammoth reads the file', () => {
    it('refuses a small DOCX with over 40 MB of text', async () => {
      const docx = makeWordyDocx(41);
      expect(docx.length).toBeLessThan(512 * 1024);
      await expectRefusal(extractInThisThread(docx), 'textTooLong', 422);
    });

    it('reads a DOCX with just under the limit of text', async () => {
      const document = await extractInThisThread(makeWordyDocx(4.8));
      expect(document.text.length).toBeGreaterThan(4.7 * 1024 * 1024);
      expect(document.text.length).toBeLessThanOrEqual(DOCUMENT_TEXT_MAX_CHARS);
    });

    it('counts the characters of the text runs, not their bytes, markup or entities', () => {
      const xml = strToU8(
        '<w:p><w:r><w:t xml:space="preserve">Café &amp; 茶</w:t><w:tab/><w:t>ok</w:t></w:r></w:p>',
      );
      expect(countRunText(xml)).toBe('Café & 茶'.length + 'ok'.length);
    });
  });

  it('refuses a ZIP that is not a Word document as a wrong type', async () => {
    await expectRefusal(extractInThisThread(makeXlsxLikeZip()), 'wrongType', 415);
    await expectRefusal(extractInThisThread(zipSync({ 'notes.txt': strToU8('hello') })), 'wrongType', 415);
  });

  it('refuses a damaged ZIP', async () => {
    const docx = makeDocx(paragraph('Hello there'));
    await expectRefusal(extractInThisThread(docx.slice(0, docx.length - 30)), 'corrupt', 422);
    const garbled = docx.slice();
    garbled.fill(0x41, 40, docx.length - 200);
    await expectRefusal(extractInThisThread(garbled), 'corrupt', 422);
  });
});
