import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API, botDocumentsResponseSchema, parseReply, type DocumentReading } from '@vuxo/shared';
import { createDatabase } from '../../src/db/database.js';
import { makeScannedPdf, MENU_LINES, renderScan } from '../fixtures/scan-fixtures.js';
import { stripScan } from '../fixtures/strip-scan.js';
import { multipart, newSessionId } from '../support/multipart.js';
import { serverProcess } from '../support/server-process.js';
import { bearer, TEST_BOT_CHOICES, testWorld } from '../support/test-app.js';
import { waitFor } from '../support/wizard-flow.js';

/**
 * Issue 33 point 3: a scan read in the background is not lost when its server process stops mid-reading; nor
 * (issue 43 F5, decision 084) is a document an owner replaced, read in the background the same way. One kill
 * serves both, so the restart and the job's wait are paid once.
 */
describe('a background reading survives the server being killed', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vuxo-reading-recovery-'));
  const server = serverProcess(dataDir);
  const database = createDatabase({ dataDir });

  afterAll(async () => {
    await server.kill();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('reads the scan and the replaced document again in the restarted server, and ends with both', async () => {
    await server.start();
    // An owner's Ready bot, seeded into the server's database.
    const owner = await testWorld(server.base, { db: database.db, dataDir }).owner({ name: 'Killed Owner' });
    const bot = await owner.seededBot({ text: 'We are open from 9am to 5pm.', config: TEST_BOT_CHOICES });
    const documents = async () => {
      const res = await fetch(`${server.base}${API.botDocuments}?botId=${bot.botId}`, {
        headers: bearer(owner.token),
      });
      return parseReply(botDocumentsResponseSchema, await res.json());
    };
    const [first] = (await documents()).documents;

    const page = renderScan(MENU_LINES);
    const sessionId = newSessionId();
    const body = multipart(
      { sessionId },
      {
        field: 'file',
        name: 'menu.pdf',
        type: 'application/pdf',
        bytes: await makeScannedPdf([page, page, page]),
      },
    );
    const uploaded = await fetch(`${server.base}${API.extract}`, {
      method: 'POST',
      headers: body.headers,
      body: body.payload,
    });
    expect(uploaded.status).toBe(202);
    const scan = await stripScan([
      ['Opening hours'],
      ['We are open from 8am to 8pm.'],
      ['Call 416-555-0142.'],
    ]);
    const file = multipart({}, { field: 'file', name: 'hours.pdf', type: 'application/pdf', bytes: scan });
    const replaced = await fetch(
      `${server.base}${API.replaceBotDocument}?botId=${bot.botId}&documentId=${first!.id}`,
      { method: 'POST', headers: { ...file.headers, ...bearer(owner.token) }, body: file.payload },
    );
    expect(replaced.status).toBe(202);
    const { id } = (await replaced.json()) as { id: string };
    await server.kill();

    await server.start();
    const readingNow = async () => {
      const res = await fetch(`${server.base}${API.documentReading}?sessionId=${sessionId}`);
      return ((await res.json()) as { reading: DocumentReading | null }).reading;
    };
    // Until the job finds the reading stopped, it is told as under way, never as failed.
    expect((await readingNow())?.status).toBe('reading');
    expect(await documents()).toMatchObject({
      documents: [first, { id, name: 'hours.pdf', status: 'reading' }],
    });
    expect((await documents()).error).toBeUndefined();
    const ended = await waitFor(readingNow, (reading) => reading?.status !== 'reading', 120_000);
    expect(ended?.status).toBe('ready');
    if (ended?.status !== 'ready') return;
    expect(ended.document.text).toContain('Margherita');
    expect(ended.document.filePath).toBeTruthy();
    // The owner's document: read by its job, then put in use by the rebuild.
    const list = await waitFor(documents, (now) => now.documents.every((d) => d.status === 'ready'), 60_000);
    expect(list).toEqual({ documents: [{ id, name: 'hours.pdf', status: 'ready' }], maxDocuments: 1 });
    // The uploads kept for the jobs are gone once read.
    await waitFor(
      async () => readdirSync(path.join(dataDir, 'uploads', 'readings')),
      (names) => names.length === 0,
      10_000,
    );
  }, 240_000);
});
