import sharp from 'sharp';
import { API, PLANS, WIZARD_MSG } from '@vuxo/shared';
import { EXTRACT_MSG } from '../../src/engine/extract/index.js';
import { multipart, newSessionId } from '../support/multipart.js';
import { bearer, startTestApp, TEST_BOT_CHOICES, testWorld, type TestApp } from '../support/test-app.js';
import { makePixelBombPng } from '../fixtures/image-fixtures.js';
import { blankPhoto, makeScannedPdf, MENU_LINES, renderScan } from '../fixtures/scan-fixtures.js';
import { readingOutcome } from '../support/document-reading.js';

/** Scanned documents and photos are read by OCR in the extraction process and become bots like typed text. */
describe('scans and photos read by OCR', { timeout: 180_000 }, () => {
  let t: TestApp;
  const menu = renderScan(MENU_LINES);
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  /** The upload's outcome, as the wizard sees it: a reading under way (202) is followed to its end. */
  const extract = async (bytes: Uint8Array, name: string, sessionId = newSessionId()) => {
    const res = await t.app.inject({
      method: 'POST',
      url: API.extract,
      ...multipart({ sessionId }, { field: 'file', name, type: 'application/octet-stream', bytes }),
    });
    return res.statusCode === 202 ? readingOutcome(t.app, sessionId) : res;
  };

  /** Uploads, saves and waits for Ready as a new owner (the test kit's); then asks the bot each question. */
  async function botAnswers(bytes: Uint8Array, name: string, questions: string[]) {
    const owner = await testWorld(t.app).owner({ name: 'Luigi Owner' });
    const uploaded = await owner.upload({ bytes, type: 'application/octet-stream', name });
    const { ocr } = uploaded.reply;
    const { botId } = await owner.untilReady(await owner.saveBot({ config: TEST_BOT_CHOICES }, uploaded));
    const token = owner.token;
    const replies: string[] = [];
    for (const message of questions) {
      const res = await t.app.inject({
        method: 'POST',
        url: API.chat,
        headers: bearer(token),
        payload: { botConfigId: botId, message },
      });
      expect(res.statusCode).toBe(200);
      replies.push(res.json().reply);
    }
    return { ocr, replies };
  }

  const QUESTIONS = ['What time do you close on Sunday?', 'How much is the lasagna?'];

  it('a PNG photo of the menu becomes a Ready bot that answers from its text', async () => {
    const { ocr, replies } = await botAnswers(menu, 'menu.png', QUESTIONS);
    // The whole text comes back for the owner to check, with where its unsure words are.
    const readout = ocr as { pages: number[]; text: string; unsure: [number, number][] };
    expect(readout).toEqual({
      pages: [1],
      text: expect.stringContaining('Lasagna'),
      unsure: expect.any(Array),
    });
    for (const [start, end] of readout.unsure) expect(readout.text.slice(start, end)).toMatch(/^\S+$/);
    expect(replies[0]).toContain('8pm');
    expect(replies[1]).toContain('$18');
  });

  it('an image-only PDF becomes a Ready bot that answers from its text', async () => {
    const { ocr, replies } = await botAnswers(await makeScannedPdf([menu]), 'menu.pdf', QUESTIONS);
    expect(ocr).toMatchObject({ pages: [1] });
    expect(replies[0]).toContain('8pm');
    expect(replies[1]).toContain('$18');
  });

  it('a PDF mixing a text page and a scanned page keeps both, price rows on one line', async () => {
    const pdf = await makeScannedPdf(
      [menu],
      [['Welcome to Luigi Trattoria, a family restaurant since 1990.']],
    );
    const res = await extract(pdf, 'mixed.pdf');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ pageCount: 2, ocr: { pages: [2] } });
    const document = await t.database.db
      .selectFrom('document_texts')
      .select(['text', 'pages'])
      .where('document_id', '=', res.json().filePath)
      .executeTakeFirstOrThrow();
    expect(document.text).toContain('a family restaurant since 1990');
    expect(document.text).toMatch(/Lasagna al forno \$18\n/);
    expect(document.text).toContain('we close at 8pm');
  });

  it('an image with no text gets a clear message and stores nothing', async () => {
    const before = await t.database.db.selectFrom('documents').select('id').execute();
    const res = await extract(await blankPhoto(), 'wall.jpg');
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toBe(WIZARD_MSG.documentNoText);
    expect(await t.database.db.selectFrom('documents').select('id').execute()).toHaveLength(before.length);
  });

  it("refuses more scanned pages than the plan reads, before reading any, naming the plan's cap", async () => {
    const cap = PLANS.trial.ocrMaxPages;
    const page = await sharp(menu).resize({ width: 600 }).png().toBuffer();
    const pdf = await makeScannedPdf(Array.from({ length: cap + 1 }, () => page));
    const started = performance.now();
    const res = await extract(pdf, 'long-scan.pdf');
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toBe(WIZARD_MSG.scannedPagesOver(cap));
    // Refused from the text layers alone: no page was rendered or read.
    expect(performance.now() - started).toBeLessThan(15_000);
  });

  it('refuses a pixel bomb (a small PNG declaring 400 million pixels) as too complex', async () => {
    const res = await extract(makePixelBombPng(), 'bomb.png');
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toBe(EXTRACT_MSG.tooComplex);
  });
});
