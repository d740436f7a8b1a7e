import type { Kysely } from 'kysely';
import { inject } from 'vitest';
import { API } from '@vuxo/shared';
import type { Database } from '../../src/db/schema.js';
import { signInOnEmulator } from './emulator-users.js';
import { multipart, newSessionId } from './multipart.js';
import { botConfig, HANDBOOK_TEXT, waitFor } from './wizard-flow.js';

/**
 * A Ready bot built over real HTTP on a running server (a server process): a new owner signs in, uploads the
 * handbook and saves the bot, then the build is awaited in the database the server uses.
 */
export async function readyBotOverHttp(
  base: string,
  db: Kysely<Database>,
  owner: { name: string; email: string },
): Promise<{ botId: string; shareId: string }> {
  const { idToken } = await signInOnEmulator(inject('authEmulatorHost'), owner);
  const sessionId = newSessionId();
  const body = multipart(
    { sessionId },
    { field: 'file', name: 'handbook.txt', type: 'text/plain', bytes: Buffer.from(HANDBOOK_TEXT) },
  );
  const extracted = await fetch(`${base}${API.extract}`, {
    method: 'POST',
    headers: body.headers,
    body: body.payload,
  });
  if (extracted.status !== 200)
    throw new Error(`upload failed: ${extracted.status} ${await extracted.text()}`);
  const { filePath } = (await extracted.json()) as { filePath: string };
  const saved = await fetch(`${base}${API.saveConfig}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${idToken}` },
    body: JSON.stringify(botConfig({ sessionId, filePath })),
  });
  if (saved.status !== 200) throw new Error(`save failed: ${saved.status} ${await saved.text()}`);
  const { botId } = (await saved.json()) as { botId: string };
  const bot = await waitFor(
    () => db.selectFrom('bots').selectAll().where('id', '=', botId).executeTakeFirstOrThrow(),
    (row) => row.status === 'cag_generated' || row.status === 'error',
  );
  if (bot.status !== 'cag_generated') throw new Error('the bot build failed');
  return { botId, shareId: bot.share_id };
}
