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
  listParagraph,
  numberingFiles,
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

  it('writes list numbers as Word prints them: continued, started elsewhere, nested, in letters or brackets', async () => {
    const body = [
      paragraph('Rules', 'Heading1'),
      listParagraph('Sign in at the desk.', 1),
      listParagraph('Members only:', 1),
      listParagraph('wear closed shoes', 1, 1),
      listParagraph('tie long hair back', 1, 1),
      paragraph('A note between the rules.'),
      listParagraph('Clean up after yourself.', 1),
      paragraph('Contact', 'Heading1'),
      listParagraph('369-1167', 2),
      listParagraph('Bring a towel.', 3),
      listParagraph('Bring a lock.', 3),
    ].join('');
    const numbering = numberingFiles([
      {
        levels: [
          { format: 'decimal', text: '%1.' },
          { format: 'lowerLetter', text: '(%2)' },
        ],
      },
      // A converter's reading of '(718) 369-1167' as a list item starting at 718.
      { levels: [{ format: 'decimal', text: '(%1)' }], startAt: 718 },
      { levels: [{ format: 'bullet', text: '•' }] },
    ]);
    const document = await extractInThisThread(makeDocx(body, numbering));
    expect(document.text).toBe(
      [
        '# Rules',
        '1. Sign in at the desk.\n2. Members only:\n  (a) wear closed shoes\n  (b) tie long hair back',
        'A note between the rules.',
        '3. Clean up after yourself.',
        '# Contact',
        '(718) 369-1167\n- Bring a towel.\n- Bring a lock.',
      ].join('\n\n'),
    );
  });

  it('prints a number out of range as Word would not, bounded: a huge start is read as 1, letters past zz as digits', async () => {
    const numbering = numberingFiles([
      { levels: [{ format: 'lowerLetter', text: '%1)', start: 2_000_000_000 }] },
      { levels: [{ format: 'upperLetter', text: '%1.' }], startAt: 30_000 },
    ]);
    const body = [listParagraph('first', 1), listParagraph('second', 1), listParagraph('far on', 2)].join('');
    const document = await extractInThisThread(makeDocx(body, numbering));
    expect(document.text).toBe('a) first\nb) second\n30000. far on');
  });

  it('takes the label marks out of a document’s own text', async () => {
    const document = await extractInThisThread(makeDocx(paragraph('Open \uFFF9daily\uFFFA at nine.')));
    expect(document.text).toBe('Open daily at nine.');
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
      // The directory declares 1,000 bytes, so only the running count inside the inflater can refuse it: the
      // refusal is the proof that inflating stopped at the limit (no timing, which a busy machine would flake).
      await expectRefusal(extractInThisThread(makeDocxBomb(zeros, 1000)), 'docxTooLarge', 422);
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
