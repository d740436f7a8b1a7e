import { DOCUMENT_MAX_BYTES_ANY_PLAN } from '@vuxo/shared';
import sharp from 'sharp';
import { extractDocument } from '../../../src/engine/extract/extract-document.js';
import { extractInThisThread } from '../../../src/engine/extract/extract-core.js';
import { makeCompoundFile, makeWordDoc } from '../../fixtures/cfb-fixtures.js';
import { expectRefusal } from './expect-refusal.js';

describe('document type and size, from the bytes only', () => {
  it('refuses an empty file', async () => {
    await expectRefusal(extractDocument(new Uint8Array()), 'empty', 400);
  });

  it('refuses a file above the largest plan limit (100 MB + 1 byte) before parsing it', async () => {
    const bytes = new Uint8Array(DOCUMENT_MAX_BYTES_ANY_PLAN + 1).fill(0x61);
    await expectRefusal(extractDocument(bytes), 'tooLarge', 413);
    await expectRefusal(extractInThisThread(bytes), 'tooLarge', 413);
  });

  it('reads a photo by OCR whatever it is named (a blank one has no text), and refuses other images', async () => {
    const blank = sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } });
    await expectRefusal(extractInThisThread(new Uint8Array(await blank.png().toBuffer())), 'noText', 422);
    await expectRefusal(extractInThisThread(new Uint8Array(await blank.gif().toBuffer())), 'wrongType', 415);
  });

  it('refuses a file that starts with an image signature when the rest is text', async () => {
    const text = new TextEncoder().encode('Opening hours: nine to five, every day of the week.');
    const signatures = [
      [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
      [0xff, 0xd8, 0xff, 0xe0],
      [...new TextEncoder().encode('GIF89a')],
      [...new TextEncoder().encode('RIFF\x10\x00\x00\x00WEBP')],
      [0x00, 0x00, 0x00, 0x18, ...new TextEncoder().encode('ftypheic')],
    ];
    // A photo's signature (PNG, JPEG, WebP: read by OCR) over text is a damaged photo; another image's, a wrong type.
    const refusals = [
      ['corrupt', 422],
      ['corrupt', 422],
      ['wrongType', 415],
      ['corrupt', 422],
      ['wrongType', 415],
    ] as const;
    for (const [i, signature] of signatures.entries()) {
      const [kind, status] = refusals[i]!;
      await expectRefusal(extractInThisThread(new Uint8Array([...signature, ...text])), kind, status);
    }
    // Text that merely names the format is still text.
    const note = await extractInThisThread(
      new TextEncoder().encode('PNG and JPEG photos are printed in store.'),
    );
    expect(note.kind).toBe('txt');
  });

  it('refuses HTML sent as a .docx', async () => {
    const html = new TextEncoder().encode('<!doctype html><html><body><h1>Menu</h1></body></html>');
    await expectRefusal(extractInThisThread(html), 'wrongType', 415);
  });

  it('reads a Word 97-2003 .doc with word-extractor', async () => {
    const document = await extractInThisThread(
      makeWordDoc(['Opening hours', 'We open at nine and close at five.', 'Haircuts cost 20 euros.']),
    );
    expect(document).toEqual({
      kind: 'doc',
      mimeType: 'application/msword',
      extension: '.doc',
      text: 'Opening hours\n\nWe open at nine and close at five.\n\nHaircuts cost 20 euros.',
      pages: null,
      ocr: null,
    });
  });

  it('refuses a compound file without a WordDocument stream (a spreadsheet) as a wrong type', async () => {
    const workbook = makeCompoundFile({ Workbook: new Uint8Array(512).fill(1) });
    await expectRefusal(extractInThisThread(workbook), 'wrongType', 415);
  });

  it('refuses a password-protected Office file (an encrypted package)', async () => {
    const encrypted = makeCompoundFile({
      EncryptionInfo: new Uint8Array(64),
      EncryptedPackage: new Uint8Array(64),
    });
    await expectRefusal(extractInThisThread(encrypted), 'wordEncrypted', 422);
  });

  it('refuses a damaged .doc', async () => {
    const doc = makeWordDoc(['Some text here']);
    const wordStream = 512 * 3;
    doc.fill(0xff, wordStream, wordStream + 16);
    await expectRefusal(extractInThisThread(doc), 'corrupt', 422);
  });
});
