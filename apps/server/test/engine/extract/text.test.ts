import iconv from 'iconv-lite';
import { DOCUMENT_MAX_BYTES, DOCUMENT_TEXT_MAX_CHARS } from '@vuxo/shared';
import { extractInThisThread } from '../../../src/engine/extract/extract-core.js';
import { normalizeText } from '../../../src/engine/extract/normalize-text.js';
import { expectRefusal } from './expect-refusal.js';

const SAMPLE = 'Café crème at Müller’s: 5 € per cup.\nOpen daily.';
const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
const withBom = (bom: number[], body: Uint8Array): Uint8Array => Uint8Array.from([...bom, ...body]);

describe('plain text extraction', () => {
  it('reads UTF-8, with or without a BOM', async () => {
    for (const bytes of [utf8(SAMPLE), withBom([0xef, 0xbb, 0xbf], utf8(SAMPLE))]) {
      const document = await extractInThisThread(bytes);
      expect(document).toEqual({
        kind: 'txt',
        mimeType: 'text/plain',
        extension: '.txt',
        text: SAMPLE,
        pages: null,
        ocr: null,
      });
    }
  });

  it('reads UTF-16 with a BOM, little and big endian', async () => {
    const le = Buffer.from(SAMPLE, 'utf16le');
    const be = Buffer.from(le).swap16();
    expect((await extractInThisThread(withBom([0xff, 0xfe], le))).text).toBe(SAMPLE);
    expect((await extractInThisThread(withBom([0xfe, 0xff], be))).text).toBe(SAMPLE);
  });

  it('reads a Windows-1252 file with accented letters and the euro sign', async () => {
    const text = 'Déjà vu: Über-cool prices — only 5 € at the café in Zürich.\nÇa coûte “peu”.';
    const document = await extractInThisThread(iconv.encode(text, 'windows-1252'));
    expect(document.text).toBe(text);
  });

  it('reads a short Latin-1 word as a single-byte encoding, not as Japanese', async () => {
    expect((await extractInThisThread(iconv.encode('Résumé', 'latin1'))).text).toBe('Résumé');
  });

  it('normalises the text: NFC, LF, no zero-width or control characters, one blank line at most', async () => {
    const raw = '  Cafe\u0301\r\nline\u200b two\u0007\r\n\r\n\r\n\r\nlast\u00ad line\t  \n\n';
    expect((await extractInThisThread(utf8(raw))).text).toBe('Café\nline two\n\nlast line');
    expect(normalizeText('a\fb\u2028c')).toBe('a\nb\nc');
  });

  it('refuses binary content: NUL bytes or many control characters', async () => {
    const blob = Uint8Array.from({ length: 2048 }, (_, i) => (i * 7919) % 256);
    await expectRefusal(extractInThisThread(blob), 'wrongType', 415);
    await expectRefusal(extractInThisThread(utf8('text\0with a NUL byte')), 'wrongType', 415);
    const controls = utf8(`${'abc\u0001\u0002'.repeat(50)}`);
    await expectRefusal(extractInThisThread(controls), 'wrongType', 415);
  });

  it('refuses UTF-16 with a BOM that does not decode', async () => {
    await expectRefusal(
      extractInThisThread(Uint8Array.from([0xff, 0xfe, 0x00, 0xd8, 0x41])),
      'wrongType',
      415,
    );
  });

  it('refuses HTML and XML documents as a wrong type', async () => {
    for (const markup of [
      '<!DOCTYPE html><html><body>Hi</body></html>',
      '\n  <html lang="en"><body>Hi</body></html>',
      '<?xml version="1.0"?><note>Hi</note>',
      '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
    ]) {
      await expectRefusal(extractInThisThread(utf8(markup)), 'wrongType', 415);
      await expectRefusal(extractInThisThread(withBom([0xef, 0xbb, 0xbf], utf8(markup))), 'wrongType', 415);
    }
  });

  it('accepts text that merely mentions markup', async () => {
    const text = 'Our website uses <html> tags.';
    expect((await extractInThisThread(utf8(text))).text).toBe(text);
  });

  it('refuses a file of whitespace only as text-less', async () => {
    await expectRefusal(extractInThisThread(utf8(' \n\t\r\n ')), 'noText', 422);
  });

  it('reads the largest text file an upload may hold: the text limit is no lower', async () => {
    const largest = Buffer.alloc(DOCUMENT_MAX_BYTES, 'Open daily.\n');
    const document = await extractInThisThread(largest);
    expect(document.text.length).toBeGreaterThan(DOCUMENT_MAX_BYTES - 12);
    expect(DOCUMENT_TEXT_MAX_CHARS).toBeGreaterThanOrEqual(DOCUMENT_MAX_BYTES);
  });
});
