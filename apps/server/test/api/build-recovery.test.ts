import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { API } from '@vuxo/shared';
import { createDatabase, type DatabaseHandle } from '../../src/db/database.js';
import { signInOnEmulator } from '../support/emulator-users.js';
import { multipart, newSessionId } from '../support/multipart.js';
import { serverProcess } from '../support/server-process.js';
import { botConfig, waitFor } from '../support/wizard-flow.js';
import { BOT_STATUS, buildEnded } from '@vuxo/testkit';

/**
 * A long handbook: enough passages that the build is still running when the server is killed. Its length is
 * counted as it grows: joining it at every step took over a minute under load, the test's event loop blocked
 * past the server's keep-alive timeout, and the next fetch wrote to a socket the server had closed (EPIPE).
 */
function bigHandbook(): string {
  const sections: string[] = [];
  for (let i = 1, length = 0; length < 4_500_000; i++) {
    const body = Array.from(
      { length: 12 },
      (_, j) =>
        `Service ${i}.${j} costs $${((i * 7 + j) % 90) + 10} and is offered on weekday ${((i + j) % 5) + 1}.`,
    ).join(' ');
    const section = `# Section ${i}: Service details\n${body}\n\n`;
    sections.push(section);
    length += section.length;
  }
  return sections.join('');
}

describe('a bot build survives the server being killed', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vuxo-recovery-'));
  const server = serverProcess(dataDir);
  const base = server.base;
  let database: DatabaseHandle;

  afterAll(async () => {
    await server.kill();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('resumes the build after SIGKILL and the bot reaches Ready', async () => {
    await server.start();
    database = createDatabase({ dataDir });
    const { idToken } = await signInOnEmulator(inject('authEmulatorHost'), {
      name: 'Kim Killed',
      email: `kim-${Date.now()}@example.com`,
    });
    const sessionId = newSessionId();
    const body = multipart(
      { sessionId },
      { field: 'file', name: 'handbook.txt', type: 'text/plain', bytes: Buffer.from(bigHandbook()) },
    );
    const extracted = await fetch(`${base}${API.extract}`, {
      method: 'POST',
      headers: body.headers,
      body: body.payload,
    });
    expect(extracted.status).toBe(200);
    const { filePath } = (await extracted.json()) as { filePath: string };

    const saved = await fetch(`${base}${API.saveConfig}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${idToken}` },
      body: JSON.stringify(botConfig({ sessionId, filePath })),
    });
    expect(saved.status).toBe(200);
    const { botId } = (await saved.json()) as { botId: string };

    const job = () => database.db.selectFrom('jobs').selectAll().executeTakeFirstOrThrow();
    await waitFor(job, (row) => row.status === 'running', 30_000);
    await server.kill();
    const bot = () =>
      database.db.selectFrom('bots').selectAll().where('id', '=', botId).executeTakeFirstOrThrow();
    expect((await bot()).status).not.toBe(BOT_STATUS.ready);

    await server.start();
    const ready = await waitFor(bot, (row) => buildEnded(row.status), 90_000);
    expect(ready.status).toBe(BOT_STATUS.ready);
    // The bot is Ready a moment before the worker marks its job done.
    const finished = await waitFor(job, (row) => row.status !== 'running', 30_000);
    expect(finished).toMatchObject({ status: 'done', attempts: 2 });
  }, 180_000);
});
