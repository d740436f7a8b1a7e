import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API, type DocumentReading } from '@vuxo/shared';
import { makeScannedPdf, MENU_LINES, renderScan } from '../fixtures/scan-fixtures.js';
import { multipart, newSessionId } from '../support/multipart.js';
import { serverProcess } from '../support/server-process.js';
import { waitFor } from '../support/wizard-flow.js';

/** Issue 33 point 3: a scan read in the background is not lost when its server process stops mid-reading. */
describe('a background reading survives the server being killed', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vuxo-reading-recovery-'));
  const server = serverProcess(dataDir);

  afterAll(async () => {
    await server.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('reads the scan again in the restarted server and ends with the document', async () => {
    await server.start();
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
    await server.kill();

    await server.start();
    const readingNow = async () => {
      const res = await fetch(`${server.base}${API.documentReading}?sessionId=${sessionId}`);
      return ((await res.json()) as { reading: DocumentReading | null }).reading;
    };
    // Until the job finds the reading stopped, it is told as under way, never as failed.
    expect((await readingNow())?.status).toBe('reading');
    const ended = await waitFor(readingNow, (reading) => reading?.status !== 'reading', 120_000);
    expect(ended?.status).toBe('ready');
    if (ended?.status !== 'ready') return;
    expect(ended.document.text).toContain('Margherita');
    expect(ended.document.filePath).toBeTruthy();
    // The scan kept for the job is gone once read.
    await waitFor(
      async () => readdirSync(path.join(dataDir, 'uploads', 'readings')),
      (names) => names.length === 0,
      10_000,
    );
  }, 240_000);
});
