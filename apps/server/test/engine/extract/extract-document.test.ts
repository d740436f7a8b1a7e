import { extractDocument, liveExtractions } from '../../../src/engine/extract/extract-document.js';
import { makeDocx, paragraph } from '../../fixtures/docx-fixtures.js';
import { makeEncryptedPdf, makeLongPdf, makeTextPdf } from '../../fixtures/pdf-fixtures.js';
import { expectRefusal } from './expect-refusal.js';

/** extractDocument runs the extraction in a child process: here the .ts entry bundled by esbuild (entry-file.ts). */
describe('extractDocument (a memory-limited child process with a time limit)', { timeout: 90_000 }, () => {
  afterEach(() => {
    expect(liveExtractions()).toBe(0);
  });

  it('extracts a PDF and a DOCX in the child, leaving the caller’s bytes as they were', async () => {
    const pdf = await makeTextPdf([{ heading: 'Menu', paragraphs: [['Soup of the day: 6 euros.']] }]);
    const upload = Buffer.from(pdf);
    const fromPdf = await extractDocument(upload);
    expect(fromPdf.pages).toEqual([{ page: 1, text: 'Menu\n\nSoup of the day: 6 euros.' }]);
    expect(upload.buffer.byteLength).toBeGreaterThan(0);
    expect(new Uint8Array(upload)).toEqual(pdf);
    const fromDocx = await extractDocument(makeDocx(paragraph('Menu', 'Heading1') + paragraph('Soup.')));
    expect(fromDocx).toMatchObject({ kind: 'docx', text: '# Menu\n\nSoup.' });
  });

  it('passes refusals from the child through with their status, message and cause', async () => {
    const error = await expectRefusal(extractDocument(makeEncryptedPdf()), 'pdfEncrypted', 422);
    expect(String(error.cause)).toContain('PasswordException');
  });

  it('stops a child that runs past the time limit and reports the timeout', async () => {
    const pdf = await makeLongPdf(300);
    const started = Date.now();
    await expectRefusal(extractDocument(pdf, { timeoutMs: 1 }), 'timeout', 422);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('runs extractions side by side', async () => {
    const pdfs = await Promise.all([1, 2].map((n) => makeLongPdf(n)));
    const documents = await Promise.all(pdfs.map((pdf) => extractDocument(pdf)));
    expect(documents.map((document) => document.pages?.length)).toEqual([1, 2]);
  });
});
