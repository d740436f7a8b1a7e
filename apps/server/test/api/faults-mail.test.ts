import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API } from '@vuxo/shared';
import { createDatabase, type DatabaseHandle } from '../../src/db/database.js';
import { createBot, signIn } from '../support/dashboard-owners.js';
import { serverProcess } from '../support/server-process.js';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.js';
import { startTestApp, TEST_BOT_CHOICES, testWorld, type TestApp } from '../support/test-app.js';
import { waitFor } from '../support/wizard-flow.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Durable sending (decision 067) against a real SMTP server that goes away, and a server process killed. */
describe('faults: mail survives an SMTP server that is down and a process that is killed', () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink.stop());
  beforeEach(() => sink.received.splice(0));

  it('SMTP down, then back: the notification is sent once, late', async () => {
    const t: TestApp = await startTestApp({ env: { SMTP_URL: sink.url } });
    try {
      const owner = await signIn(t, 'Dora', 'sqlite');
      const botId = await createBot(t, owner, 'Down Time Dental');
      await sink.stop();
      const res = await t.app.inject({
        method: 'POST',
        url: API.visitorRequest,
        payload: {
          botConfigId: botId,
          email: 'late@example.org',
          question: 'Are you open Sunday?',
          consent: true,
        },
        remoteAddress: '10.9.9.9',
      });
      expect(res.statusCode, res.body).toBe(200);
      const email = () => t.database.db.selectFrom('emails').selectAll().executeTakeFirstOrThrow();
      const failed = await waitFor(email, (row) => row.attempts >= 1);
      expect(failed).toMatchObject({ status: 'queued', sent_at: null });
      expect(failed.last_error).toMatch(/ECONNREFUSED|connect/i);

      await sink.start();
      await waitFor(
        async () => sink.received.length,
        (n) => n >= 1,
        30_000,
      );
      await sleep(1_500);
      expect(sink.received).toHaveLength(1);
      expect(sink.received[0]!.text).toContain('Are you open Sunday?');
      expect(sink.received[0]!.to).toMatchObject({ text: owner.email });
      const sent = await email();
      expect(sent).toMatchObject({ status: 'sent', last_error: null });
      expect(sent.attempts).toBeGreaterThanOrEqual(2);
    } finally {
      await t.close();
    }
  }, 60_000);

  it('SIGKILL between the request and its mail: sent exactly once after the restart', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'vuxo-faults-mail-'));
    const server = serverProcess(dataDir, { SMTP_URL: sink.url });
    let database: DatabaseHandle | undefined;
    try {
      await server.start();
      database = createDatabase({ dataDir });
      const owner = await testWorld(server.base).owner({
        name: 'Kim Killed',
        email: `kim-${Date.now()}@example.com`,
      });
      const { shareId } = await owner.readyBot({ config: TEST_BOT_CHOICES });
      // The SMTP server takes the message in but never answers: the process dies waiting for "250 OK".
      sink.hold(true);
      const res = await fetch(`${server.base}${API.visitorRequest}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          botConfigId: shareId,
          phone: '+1 416 555 0142',
          question: 'Call me back?',
          consent: true,
        }),
      });
      expect(res.status, `${await res.text()} ${server.stderr()}`).toBe(200);
      await waitFor(
        async () => sink.held(),
        (n) => n >= 1,
      );
      await server.kill();
      sink.hold(false);
      expect(sink.received).toHaveLength(0);

      await server.start();
      // The killed claim's lease runs out, then the new process sends it.
      await waitFor(
        async () => sink.received.length,
        (n) => n >= 1,
        40_000,
      );
      await sleep(2_000);
      expect(sink.received).toHaveLength(1);
      expect(sink.received[0]!.text).toContain('Call me back?');
      const rows = await database.db.selectFrom('emails').selectAll().execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ status: 'sent', kind: 'visitor-request' });
    } finally {
      await server.kill();
      await database?.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
