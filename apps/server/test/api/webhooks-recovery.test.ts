import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Webhook as Verifier } from 'standardwebhooks';
import { API, PUBLIC_API, createdWebhookSchema, publicApiPath } from '@vuxo/shared';
import { subscribe } from '@vuxo/testkit';
import { createDatabase, type DatabaseHandle } from '../../src/db/database.js';
import { serverProcess } from '../support/server-process.js';
import { TEST_BOT_CHOICES, testWorld } from '../support/test-app.js';
import { startWebhookReceiver } from '../support/webhook-receiver.js';
import { waitFor } from '../support/wizard-flow.js';

/** A delivery is a durable job (decision 112): a process killed while the receiver has it loses nothing. */
describe('webhooks: a server killed during a delivery', () => {
  it('SIGKILL while the receiver holds the request: the same event, same id, is delivered after the restart', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'vuxo-webhooks-kill-'));
    const server = serverProcess(dataDir, { ALLOW_PRIVATE_URLS: 'on' });
    const receiver = await startWebhookReceiver();
    let database: DatabaseHandle | undefined;
    try {
      await server.start();
      database = createDatabase({ dataDir });
      const owner = await testWorld(server.base, { db: database.db, dataDir }).owner({ name: 'Kim Killed' });
      const { shareId, botId } = await owner.seededBot({ config: TEST_BOT_CHOICES });
      await subscribe(database.db, owner.uid, 'basic');
      const created = await fetch(`${server.base}${publicApiPath(PUBLIC_API.webhooks, { botId })}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.token}` },
        body: JSON.stringify({ url: receiver.url, events: ['visitor_request.created'] }),
      });
      expect(created.status, await created.clone().text()).toBe(201);
      const { secret } = createdWebhookSchema.parse(await created.json());

      // The receiver takes the request in and never answers: the process dies waiting.
      receiver.plan('hold');
      const res = await fetch(`${server.base}${API.visitorRequest}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          botConfigId: shareId,
          phone: '+1 416 555 0142',
          question: 'Call me?',
          consent: true,
        }),
      });
      expect(res.status, `${await res.text()} ${server.stderr()}`).toBe(200);
      await waitFor(
        async () => receiver.received.length,
        (n) => n === 1,
      );
      await server.kill();
      const running = await database.db
        .selectFrom('jobs')
        .selectAll()
        .where('status', '=', 'running')
        .execute();
      // The delivery was claimed when the process died (the owner's notification mail may be under way too).
      expect(running.filter((job) => job.kind === 'webhook.deliver')).toHaveLength(1);
      // The killed claim's lease runs out now rather than in 9 s (waiting is not the subject: the jobs suite's is).
      await database.db
        .updateTable('jobs')
        .set({ lease_until: new Date(0).toISOString() })
        .execute();

      await server.start();
      // The new process finds the job due again and sends it again.
      await waitFor(
        async () => receiver.received.length,
        (n) => n === 2,
        40_000,
      );
      const [first, second] = receiver.received;
      expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
      expect(second!.body).toBe(first!.body);
      expect(new Verifier(secret).verify(second!.body, second!.headers)).toMatchObject({
        type: 'visitor_request.created',
        data: { question: 'Call me?' },
      });
      const delivered = await waitFor(
        () => database!.db.selectFrom('webhook_deliveries').selectAll().execute(),
        (rows) => rows[0]?.status === 'delivered',
      );
      expect(delivered).toHaveLength(1);
      expect(delivered[0]).toMatchObject({ id: first!.headers['webhook-id'], response_status: 200 });
    } finally {
      await server.kill();
      await receiver.stop();
      await database?.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
