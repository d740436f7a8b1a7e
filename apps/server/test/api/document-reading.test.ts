import { API, WIZARD_MSG, type DocumentReading } from '@vuxo/shared';
import { liveExtractions } from '../../src/engine/extract/index.js';
import { READING_LOST_MS, READING_STALE_MS } from '../../src/services/document-readings.js';
import { makeScannedPdf, MENU_LINES, renderScan } from '../fixtures/scan-fixtures.js';
import { readingOf } from '../support/document-reading.js';
import { multipart, newSessionId } from '../support/multipart.js';
import { bearer, startTestApp, testWorld, type TestApp } from '../support/test-app.js';
import { waitFor } from '../support/wizard-flow.js';

/** Issue 33 point 3: a scan is read in the background with its progress told, can be cancelled, and is kept. */
describe('reading a scanned document in the background', { timeout: 240_000 }, () => {
  let t: TestApp;
  let scan: Uint8Array;
  beforeAll(async () => {
    t = await startTestApp();
    const page = renderScan(MENU_LINES);
    scan = await makeScannedPdf([page, page, page]);
  });
  afterAll(() => t.close());

  const upload = (sessionId: string, bytes: Uint8Array, token?: string) => {
    const body = multipart(
      { sessionId },
      { field: 'file', name: 'menu.pdf', type: 'application/pdf', bytes },
    );
    return t.app.inject({
      method: 'POST',
      url: API.extract,
      payload: body.payload,
      headers: { ...body.headers, ...(token ? bearer(token) : {}) },
    });
  };
  const cancel = (sessionId: string, token?: string) =>
    t.app.inject({
      method: 'POST',
      url: API.cancelReading,
      headers: token ? bearer(token) : {},
      payload: { sessionId },
    });
  const documentsOf = (sessionId: string) =>
    t.database.db
      .selectFrom('documents')
      .innerJoin('document_texts', 'document_texts.document_id', 'documents.id')
      .select(['documents.id', 'document_texts.text'])
      .where('documents.session_id', '=', sessionId)
      .execute();

  it('answers at once with the reading begun, tells its pages as they are read, and ends with the document', async () => {
    const sessionId = newSessionId();
    const res = await upload(sessionId, scan);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ reading: { status: 'reading', fileName: 'menu.pdf', done: 0, total: 3 } });
    const seen: DocumentReading[] = [];
    const last = await waitFor(
      async () => {
        const reading = await readingOf(t.app, sessionId);
        if (reading) seen.push(reading);
        return reading;
      },
      (reading) => reading?.status !== 'reading',
      120_000,
      200,
    );
    expect(last).toMatchObject({ status: 'ready', document: { pageCount: 3, ocr: { pages: [1, 2, 3] } } });
    const pages = seen.flatMap((reading) => (reading.status === 'reading' ? [reading.done] : []));
    expect(pages).toEqual([...pages].sort());
    expect(new Set(pages).size).toBeGreaterThan(1);
    expect(pages.every((done) => done < 3)).toBe(true);
    const [document] = await documentsOf(sessionId);
    expect(document!.id).toBe(last?.status === 'ready' && last.document.filePath);
    expect(document!.text).toContain('Lasagna al forno $18');
  });

  it('finishes after the owner left: nobody asks, the document is kept with the session, and shows the owner’s fix', async () => {
    const owner = await testWorld(t.app).owner({ name: 'Leaving Owner' });
    const sessionId = newSessionId();
    expect((await upload(sessionId, scan, owner.token)).statusCode).toBe(202);
    // Nobody polls: the reading goes on without the browser.
    await waitFor(
      () => documentsOf(sessionId),
      (documents) => documents.length === 1,
      120_000,
      500,
    );
    await waitFor(
      async () => liveExtractions(),
      (live) => live === 0,
    );
    const reading = await readingOf(t.app, sessionId, owner.token);
    expect(reading).toMatchObject({ status: 'ready', document: { ocr: { pages: [1, 2, 3] } } });
    // The owner fixes what was read: a wizard coming back shows the fix, with nothing marked unsure.
    const filePath = reading?.status === 'ready' ? reading.document.filePath : '';
    const fix = 'Lasagna al forno $19. Tiramisu $7.';
    const text = multipart(
      { sessionId, filePath },
      { field: 'text', name: 'text.txt', type: 'text/plain', bytes: new TextEncoder().encode(fix) },
    );
    const saved = await t.app.inject({
      method: 'POST',
      url: API.documentText,
      payload: text.payload,
      headers: { ...text.headers, ...bearer(owner.token) },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await readingOf(t.app, sessionId, owner.token)).toMatchObject({
      status: 'ready',
      document: { filePath, text: fix, ocr: { pages: [1, 2, 3], text: fix, unsure: [] } },
    });
    // Another owner cannot see it or stop it.
    const mallory = await testWorld(t.app).owner({ name: 'Mallory' });
    expect(await readingOf(t.app, sessionId, mallory.token)).toBeNull();
    expect(await readingOf(t.app, sessionId)).toBeNull();
    expect((await cancel(sessionId, mallory.token)).statusCode).toBe(404);
  });

  it('cancelling stops the reading process at once and keeps nothing; the address can read again', async () => {
    const sessionId = newSessionId();
    expect((await upload(sessionId, scan)).statusCode).toBe(202);
    const res = await cancel(sessionId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ reading: { status: 'cancelled', fileName: 'menu.pdf' } });
    await waitFor(
      async () => liveExtractions(),
      (live) => live === 0,
      5_000,
    );
    expect(await readingOf(t.app, sessionId)).toEqual({ status: 'cancelled', fileName: 'menu.pdf' });
    expect(await documentsOf(sessionId)).toEqual([]);
    // Cancelling again says how it stands.
    expect((await cancel(sessionId)).json()).toEqual({
      reading: { status: 'cancelled', fileName: 'menu.pdf' },
    });

    // The slot it held is free: the same address reads a new upload.
    const again = newSessionId();
    expect((await upload(again, scan)).statusCode).toBe(202);
    expect((await cancel(again)).statusCode).toBe(200);
    await waitFor(
      async () => liveExtractions(),
      (live) => live === 0,
      5_000,
    );
  });

  it('a reading its process stopped is told as under way until taken up again, and as failed if never', async () => {
    const sessionId = newSessionId();
    expect((await upload(sessionId, scan)).statusCode).toBe(202);
    expect((await cancel(sessionId)).statusCode).toBe(200);
    await waitFor(
      async () => liveExtractions(),
      (live) => live === 0,
      5_000,
    );
    // As a process that died mid-reading leaves it: reading, last changed a while ago (reading-recovery.test.ts
    // shows the job taking it up again).
    const stuck = { status: 'reading', fileName: 'menu.pdf', done: 1, total: 3 } as const;
    const lastChanged = (ago: number) =>
      t.database.db
        .updateTable('wizard_sessions')
        .set({ reading: JSON.stringify(stuck), reading_at: new Date(Date.now() - ago).toISOString() })
        .where('id', '=', sessionId)
        .execute();
    // The cancelled reading lets go of the session only after its last writes, a moment after its extraction
    // ended: wait for that (a lost reading is told as failed only once no reading of this process holds it).
    await waitFor(
      async () => {
        await lastChanged(READING_LOST_MS + 1000);
        return readingOf(t.app, sessionId);
      },
      (reading) => reading?.status === 'failed',
      10_000,
    );
    await lastChanged(READING_STALE_MS + 1000);
    expect(await readingOf(t.app, sessionId)).toEqual(stuck);
    await lastChanged(READING_LOST_MS + 1000);
    expect(await readingOf(t.app, sessionId)).toEqual({
      status: 'failed',
      fileName: 'menu.pdf',
      error: WIZARD_MSG.readingStopped,
    });
  });

  it('a document with its own text is answered when read, as before', async () => {
    const sessionId = newSessionId();
    const text = new TextEncoder().encode('We are open from 9am to 5pm.');
    const res = await upload(sessionId, text);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ text: 'We are open from 9am to 5pm.', ocr: null });
    expect(await readingOf(t.app, sessionId)).toBeNull();
  });
});
