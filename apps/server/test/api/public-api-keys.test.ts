import { createHash } from 'node:crypto';
import { API, API_ERROR, PLANS, apiKeysResponseSchema, createdApiKeySchema } from '@vuxo/shared';
import { subscribe as subscribeInDatabase } from '@vuxo/testkit';
import { testDatabases } from '../support/databases.js';
import { conversationsUrl, createKey, keyUrl, keysUrl, refusal, sendMessage } from '../support/public-api.js';
import { bearer, type TestApp } from '../support/test-app.js';
import { createReadyBot, startChatApp, type ReadyBot } from '../engine/answer/chat-fixtures.js';

/** The public API's keys (decision 108): the owner's life cycle of a key, scopes, plans and the one error shape. */
describe.each(testDatabases())('public API keys ($name)', (database) => {
  let t: TestApp;
  let bot: ReadyBot;
  let other: ReadyBot;
  let trial: ReadyBot;

  beforeAll(async () => {
    t = await startChatApp({ database });
    [bot, other, trial] = await Promise.all([
      createReadyBot(t),
      createReadyBot(t, { name: 'Oscar Other' }),
      createReadyBot(t, { name: 'Tara Trial' }),
    ]);
    await subscribeInDatabase(t.database.db, bot.ownerUid, 'basic');
    await subscribeInDatabase(t.database.db, other.ownerUid, 'basic');
  });
  afterAll(() => t.close());

  const owner = (b: ReadyBot) => ({ token: b.ownerToken });
  const list = async (b: ReadyBot) => {
    const res = await t.app.inject({ method: 'GET', url: keysUrl(b.botId), headers: bearer(b.ownerToken) });
    expect(res.statusCode, res.body).toBe(200);
    return apiKeysResponseSchema.parse(res.json());
  };
  const readWith = (key: string, botId = bot.botId) =>
    t.app.inject({ method: 'GET', url: conversationsUrl(botId), headers: bearer(key) });
  const revoke = (b: ReadyBot, keyId: string) =>
    t.app.inject({ method: 'DELETE', url: keyUrl(b.botId, keyId), headers: bearer(b.ownerToken) });

  it('shows a key once, keeps only its hash, lists it with prefix and times, and refuses it at once when revoked', async () => {
    const created = await createKey(t, owner(bot), bot.botId, ['chat', 'read:conversations'], 'Zapier');
    expect(created.key).toMatch(/^vx_[A-Za-z0-9_-]{32}$/);
    expect(created).toMatchObject({ name: 'Zapier', prefix: created.key.slice(0, 11), lastUsedAt: null });
    expect(created.scopes).toEqual(['chat', 'read:conversations']);

    // At rest: the SHA-256 of the key, and the key nowhere.
    const row = await t.database.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.key_hash).toBe(createHash('sha256').update(created.key).digest('hex'));
    expect(Object.values(row).filter((value) => String(value).includes(created.key.slice(11)))).toEqual([]);

    const listed = await list(bot);
    expect(listed.maxKeys).toBe(PLANS.basic.api.maxKeys);
    expect(listed.keys).toEqual([
      {
        id: created.id,
        name: 'Zapier',
        prefix: created.prefix,
        scopes: created.scopes,
        createdAt: created.createdAt,
        lastUsedAt: null,
      },
    ]);
    expect(JSON.stringify(listed)).not.toContain(created.key);

    expect((await readWith(created.key)).statusCode).toBe(200);
    expect((await list(bot)).keys[0]!.lastUsedAt).not.toBeNull();

    // As many clients send it: a JSON content type on a DELETE without a body.
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: keyUrl(bot.botId, created.id),
      headers: { ...bearer(bot.ownerToken), 'content-type': 'application/json' },
    });
    expect(revoked.statusCode).toBe(204);
    expect(revoked.body).toBe('');
    expect(refusal(await readWith(created.key))).toEqual({ status: 401, code: API_ERROR.unauthenticated });
    expect(refusal(await sendMessage(t, created.key, bot.botId, { message: 'Hi' }))).toEqual({
      status: 401,
      code: API_ERROR.unauthenticated,
    });
    expect((await list(bot)).keys).toEqual([]);
    expect(refusal(await revoke(bot, created.id))).toEqual({ status: 404, code: API_ERROR.notFound });
  });

  it('gives a chat key no conversations and a reading key no chat (403)', async () => {
    const chatKey = await createKey(t, owner(bot), bot.botId, ['chat']);
    const readKey = await createKey(t, owner(bot), bot.botId, ['read:conversations']);
    expect(refusal(await readWith(chatKey.key))).toEqual({ status: 403, code: API_ERROR.insufficientScope });
    expect(refusal(await sendMessage(t, readKey.key, bot.botId, { message: 'Hi' }))).toEqual({
      status: 403,
      code: API_ERROR.insufficientScope,
    });
    expect((await readWith(readKey.key)).statusCode).toBe(200);
    await revoke(bot, chatKey.id);
    await revoke(bot, readKey.id);
  });

  it("answers 404 for another owner's bot, as for one that does not exist, and changes nothing", async () => {
    const key = await createKey(t, owner(bot), bot.botId);
    const asOther = { headers: bearer(other.ownerToken) };
    const notFound = { status: 404, code: API_ERROR.notFound };
    for (const botId of [bot.botId, 'bot_nosuchbot000000']) {
      expect(refusal(await t.app.inject({ method: 'GET', url: keysUrl(botId), ...asOther }))).toEqual(
        notFound,
      );
      const create = {
        method: 'POST' as const,
        url: keysUrl(botId),
        payload: { name: 'x', scopes: ['chat'] },
      };
      expect(refusal(await t.app.inject({ ...create, ...asOther }))).toEqual(notFound);
      const del = await t.app.inject({ method: 'DELETE', url: keyUrl(botId, key.id), ...asOther });
      expect(refusal(del)).toEqual(notFound);
    }
    // B's own bot with A's key id: no such key of B's.
    const viaOwnBot = await t.app.inject({ method: 'DELETE', url: keyUrl(other.botId, key.id), ...asOther });
    expect(refusal(viaOwnBot)).toEqual(notFound);
    // A's key names A's bot only.
    expect(refusal(await readWith(key.key, other.botId))).toEqual(notFound);
    expect(refusal(await sendMessage(t, key.key, other.botId, { message: 'Hi' }))).toEqual(notFound);
    expect((await list(bot)).keys.map((k) => k.id)).toEqual([key.id]);
    await revoke(bot, key.id);
  });

  it("refuses keys on the Free Trial, holds a plan's number of keys, and stops a key when its plan ends", async () => {
    const onTrial = await t.app.inject({
      method: 'POST',
      url: keysUrl(trial.botId),
      headers: bearer(trial.ownerToken),
      payload: { name: 'Mine', scopes: ['chat'] },
    });
    expect(refusal(onTrial)).toEqual({ status: 403, code: API_ERROR.planRequired });
    expect(onTrial.json().error.message).toContain('Basic');
    expect(await list(trial)).toEqual({ keys: [], maxKeys: 0 });

    // Asked for at once, beyond the plan's number: the count and the insert are one step.
    const { maxKeys } = PLANS.basic.api;
    const asked = await Promise.all(
      Array.from({ length: maxKeys + 3 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: keysUrl(other.botId),
          headers: bearer(other.ownerToken),
          payload: { name: `Key ${i}`, scopes: ['read:conversations'] },
        }),
      ),
    );
    const keys = asked
      .filter((res) => res.statusCode === 201)
      .map((res) => createdApiKeySchema.parse(res.json()));
    expect(keys).toHaveLength(maxKeys);
    for (const res of asked.filter((res) => res.statusCode !== 201))
      expect(refusal(res)).toEqual({ status: 403, code: API_ERROR.keyLimitReached });
    const over = await t.app.inject({
      method: 'POST',
      url: keysUrl(other.botId),
      headers: bearer(other.ownerToken),
      payload: { name: 'One more', scopes: ['chat'] },
    });
    expect(refusal(over)).toEqual({ status: 403, code: API_ERROR.keyLimitReached });

    // The plan ends: its keys stop with it.
    await t.database.db
      .updateTable('subscriptions')
      .set({ current_period_end: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', other.ownerUid)
      .execute();
    expect(refusal(await readWith(keys[0]!.key, other.botId))).toEqual({
      status: 403,
      code: API_ERROR.planRequired,
    });
  });

  it("refuses a deleted bot's keys", async () => {
    const gone = await createReadyBot(t, { name: 'Gina Gone' });
    await subscribeInDatabase(t.database.db, gone.ownerUid, 'basic');
    const created = await createKey(t, owner(gone), gone.botId, ['read:conversations']);
    expect((await readWith(created.key, gone.botId)).statusCode).toBe(200);
    const deleted = await t.app.inject({
      method: 'POST',
      url: API.deleteBot,
      headers: bearer(gone.ownerToken),
      payload: { botId: gone.botId },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(refusal(await readWith(created.key, gone.botId))).toEqual({
      status: 401,
      code: API_ERROR.unauthenticated,
    });
  });

  it('refuses bad input with a clear 4xx in the one error shape', async () => {
    const post = (payload: unknown, headers: Record<string, string> = bearer(bot.ownerToken)) =>
      t.app.inject({
        method: 'POST',
        url: keysUrl(bot.botId),
        headers: { ...headers, 'content-type': 'application/json' },
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      });
    const invalid = { status: 400, code: API_ERROR.invalidRequest };
    expect(refusal(await post({ name: '', scopes: ['chat'] }))).toEqual(invalid);
    expect(refusal(await post({ name: 'x'.repeat(61), scopes: ['chat'] }))).toEqual(invalid);
    expect(refusal(await post({ name: 'x', scopes: [] }))).toEqual(invalid);
    expect(refusal(await post({ name: 'x', scopes: ['admin'] }))).toEqual(invalid);
    expect(refusal(await post('{"name":'))).toEqual(invalid);
    expect(refusal(await post({ name: 'x', scopes: ['chat'] }, {}))).toEqual({
      status: 401,
      code: API_ERROR.unauthenticated,
    });

    const key = await createKey(t, owner(bot), bot.botId, ['chat']);
    const send = (payload: Record<string, unknown>) => sendMessage(t, key.key, bot.botId, payload);
    expect(refusal(await send({}))).toEqual(invalid);
    expect(refusal(await send({ message: '   ' }))).toEqual(invalid);
    expect(refusal(await send({ message: 'x'.repeat(1001) }))).toEqual(invalid);
    expect(refusal(await send({ message: 'Hi', stream: 'yes' }))).toEqual(invalid);
    expect(refusal(await send({ message: 'Hi', visitorId: 'v'.repeat(101) }))).toEqual(invalid);
    expect(refusal(await send({ message: 'Hi', conversationId: 'c_nosuchconversation' }))).toEqual({
      status: 404,
      code: API_ERROR.notFound,
    });
    const noKey = await t.app.inject({
      method: 'POST',
      url: `/api/v1/bots/${bot.botId}/messages`,
      payload: {},
    });
    expect(refusal(noKey)).toEqual({ status: 401, code: API_ERROR.unauthenticated });
    const notAKey = await t.app.inject({
      method: 'GET',
      url: conversationsUrl(bot.botId),
      headers: bearer('vx_'),
    });
    expect(refusal(notAKey)).toEqual({ status: 401, code: API_ERROR.unauthenticated });
    expect(refusal(await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' }))).toEqual({
      status: 404,
      code: API_ERROR.notFound,
    });
    await revoke(bot, key.id);
  });
});
