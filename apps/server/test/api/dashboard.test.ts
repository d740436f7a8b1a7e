import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  API,
  BOT_ADMIN_MSG,
  BOT_NOT_FOUND,
  DASHBOARD_API,
  DELETE_REQUIRES_PAID_PLAN,
  type BotSummary,
} from '@vuxo/shared';
import { testDatabases } from '../support/databases.js';
import { signInOnEmulator } from '../support/emulator-users.js';
import { multipart } from '../support/multipart.js';
import { bearer, startTestApp, type TestApp } from '../support/test-app.js';
import { botConfig, uploadDocument, waitFor } from '../support/wizard-flow.js';
import { makeImage } from '../fixtures/image-fixtures.js';

interface Owner {
  token: string;
  uid: string;
}

async function signIn(t: TestApp, name: string, dbName: string): Promise<Owner> {
  const email = `${name.toLowerCase()}-${dbName}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const { idToken, uid } = await signInOnEmulator(t.emulatorHost, { name, email });
  // The first authenticated call records the user.
  const me = await t.app.inject({ method: 'GET', url: API.me, headers: bearer(idToken) });
  expect(me.statusCode).toBe(200);
  return { token: idToken, uid };
}

/** Creates a bot the way the wizard does (document, optional avatar, save) and waits until it is Ready. */
async function createBot(t: TestApp, owner: Owner, botName: string, options: { avatar?: boolean } = {}) {
  const upload = await uploadDocument(t.app, { token: owner.token });
  let tempImagePath: string | undefined;
  if (options.avatar) {
    const image = multipart(
      { sessionId: upload.sessionId },
      { field: 'image', name: 'avatar.png', type: 'image/png', bytes: await makeImage('png') },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: API.uploadImage,
      payload: image.payload,
      headers: { ...image.headers, ...bearer(owner.token) },
    });
    expect(res.statusCode).toBe(200);
    tempImagePath = res.json().tempImagePath;
  }
  const saved = await t.app.inject({
    method: 'POST',
    url: API.saveConfig,
    headers: bearer(owner.token),
    payload: botConfig(upload, { botName, ...(tempImagePath ? { tempImagePath } : {}) }),
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const { botId } = saved.json() as { botId: string };
  await waitFor(
    () => t.database.db.selectFrom('bots').select('status').where('id', '=', botId).executeTakeFirstOrThrow(),
    (row) => row.status === 'cag_generated' || row.status === 'error',
  );
  return botId;
}

async function subscribe(t: TestApp, owner: Owner, planKey: 'basic' | 'pro' = 'basic') {
  const now = new Date();
  await t.database.db
    .insertInto('subscriptions')
    .values({
      id: `sub_${Math.random().toString(36).slice(2)}`,
      user_id: owner.uid,
      plan_key: planKey,
      status: 'active',
      current_period_start: now.toISOString(),
      current_period_end: new Date(now.getTime() + 30 * 86_400_000).toISOString(),
      payment_id: null,
      created_at: now.toISOString(),
    })
    .execute();
}

const botRow = (t: TestApp, botId: string) =>
  t.database.db.selectFrom('bots').selectAll().where('id', '=', botId).executeTakeFirstOrThrow();

async function listBots(t: TestApp, owner: Owner): Promise<BotSummary[]> {
  const res = await t.app.inject({ method: 'GET', url: API.listBots, headers: bearer(owner.token) });
  expect(res.statusCode).toBe(200);
  return (res.json() as { bots: BotSummary[] }).bots;
}

async function planLimits(t: TestApp, owner: Owner) {
  const res = await t.app.inject({ method: 'GET', url: API.planStatus, headers: bearer(owner.token) });
  return res.json().userPlan as { planName: string; limits: { currentBots: number; maxBots: number } };
}

const deleteBot = (t: TestApp, owner: Owner | null, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: API.deleteBot,
    headers: owner ? bearer(owner.token) : {},
    payload: payload as Record<string, unknown>,
  });

const updateDomains = (t: TestApp, owner: Owner, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: DASHBOARD_API.updateBotDomains,
    headers: bearer(owner.token),
    payload: payload as Record<string, unknown>,
  });

const updateTheme = (t: TestApp, owner: Owner, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: DASHBOARD_API.updateBotTheme,
    headers: bearer(owner.token),
    payload: payload as Record<string, unknown>,
  });

describe.each(testDatabases())(
  'the dashboard API keeps every owner to their own bots ($name)',
  (database) => {
    let t: TestApp;
    let alice: Owner;
    let bob: Owner;
    let aliceBot: string;

    beforeAll(async () => {
      t = await startTestApp({ database });
      alice = await signIn(t, 'Alice', database.name);
      bob = await signIn(t, 'Bob', database.name);
      aliceBot = await createBot(t, alice, 'Alice Helper', { avatar: true });
    });
    afterAll(() => t.close());

    it('lists the caller’s own bots only, with the specified fields', async () => {
      const bots = await listBots(t, alice);
      const row = await botRow(t, aliceBot);
      expect(bots).toEqual([
        {
          botId: aliceBot,
          botName: 'Alice Helper',
          botImageUrl: `/api/bot-avatar/${aliceBot}?v=${row.image_path}`,
          status: 'cag_generated',
          createdAt: row.created_at,
          shareId: row.share_id,
          themeId: 'default',
          statusReason: null,
        },
      ]);
      expect(await listBots(t, bob)).toEqual([]);
    });

    it('gives another user’s bot and an unknown id the same 404, and changes nothing', async () => {
      await subscribe(t, bob);
      const before = await botRow(t, aliceBot);

      const foreign = await deleteBot(t, bob, { botId: aliceBot });
      const unknown = await deleteBot(t, bob, { botId: 'bot_doesnotexist00000000' });
      expect(foreign.statusCode).toBe(404);
      expect(unknown.statusCode).toBe(404);
      expect(foreign.json()).toEqual(unknown.json());
      expect(foreign.json()).toEqual({ error: BOT_ADMIN_MSG.botNotFound, code: BOT_NOT_FOUND });

      const domains = await updateDomains(t, bob, { botId: aliceBot, allowedDomains: ['evil.example'] });
      expect(domains.statusCode).toBe(404);
      expect(domains.json()).toEqual(unknown.json());
      const theme = await updateTheme(t, bob, { botId: aliceBot, themeId: 'healthcare' });
      expect(theme.statusCode).toBe(404);
      expect(theme.json()).toEqual(unknown.json());
      const read = await t.app.inject({
        method: 'GET',
        url: `${DASHBOARD_API.botDomains}?botId=${aliceBot}`,
        headers: bearer(bob.token),
      });
      expect(read.statusCode).toBe(404);

      expect(await botRow(t, aliceBot)).toEqual(before);
      expect(await listBots(t, alice)).toHaveLength(1);
    });

    it('treats another signed-in user chatting with the bot as a visitor, never as its owner', async () => {
      const chat = (token: string) =>
        t.app.inject({
          method: 'POST',
          url: API.chat,
          headers: bearer(token),
          payload: { botConfigId: aliceBot, message: 'What does a standard consultation cost?' },
        });
      const asBob = await chat(bob.token);
      expect(asBob.statusCode).toBe(200);
      const bobBody = asBob.json() as { messagesLeft?: number; sources?: { text?: string }[] };
      // The owner console's privileges (no daily limit, the passages themselves) stay with the owner.
      expect(bobBody.messagesLeft).toEqual(expect.any(Number));
      expect((bobBody.sources ?? []).every((source) => source.text === undefined)).toBe(true);

      const asAlice = (await chat(alice.token)).json() as {
        messagesLeft?: number;
        sources?: { text?: string }[];
      };
      expect(asAlice.messagesLeft).toBeUndefined();
      expect(asAlice.sources?.some((source) => typeof source.text === 'string')).toBe(true);
    });

    it('refuses deletion on the Free Trial on the server too, and changes nothing', async () => {
      const before = await botRow(t, aliceBot);
      const res = await deleteBot(t, alice, { botId: aliceBot });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        error: BOT_ADMIN_MSG.deleteNeedsPaidPlan,
        code: DELETE_REQUIRES_PAID_PLAN,
      });
      expect(await botRow(t, aliceBot)).toEqual(before);
      expect((await planLimits(t, alice)).limits.currentBots).toBe(1);
    });

    it('on a paid plan deletes the bot: gone from the list, files removed, count decremented', async () => {
      await subscribe(t, alice);
      const second = await createBot(t, alice, 'Second Helper');
      const listed = await listBots(t, alice);
      expect(listed.map((b) => b.botId)).toEqual([second, aliceBot]);
      expect(await planLimits(t, alice)).toEqual({
        planName: 'Basic',
        limits: { currentBots: 2, maxBots: 3 },
      });

      const before = await botRow(t, aliceBot);
      const document = await t.database.db
        .selectFrom('documents')
        .selectAll()
        .where('id', '=', before.document_id!)
        .executeTakeFirstOrThrow();
      const uploads = path.join(t.database.dataDir, 'uploads');
      const avatarFile = path.join(uploads, 'avatars', `${before.image_path}.png`);
      const documentFile = path.join(uploads, document.stored_path);
      expect(existsSync(avatarFile)).toBe(true);
      expect(existsSync(documentFile)).toBe(true);

      const res = await deleteBot(t, alice, { botId: aliceBot });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });

      expect((await listBots(t, alice)).map((b) => b.botId)).toEqual([second]);
      expect((await planLimits(t, alice)).limits.currentBots).toBe(1);
      const after = await botRow(t, aliceBot);
      expect(after).toMatchObject({
        status: 'deleted',
        image_path: null,
        document_id: null,
      });
      expect(after.deleted_at).not.toBeNull();
      const index = await t.database.db
        .selectFrom('bot_indexes')
        .select('bot_id')
        .where('bot_id', '=', aliceBot)
        .executeTakeFirst();
      expect(index).toBeUndefined();
      expect(existsSync(avatarFile)).toBe(false);
      expect(existsSync(documentFile)).toBe(false);
      const passages = await t.database.db
        .selectFrom('passages')
        .select('ordinal')
        .where('document_id', '=', document.id)
        .execute();
      expect(passages).toEqual([]);
      const documents = await t.database.db
        .selectFrom('documents')
        .select('id')
        .where('id', '=', document.id)
        .execute();
      expect(documents).toEqual([]);

      // Its public avatar stops answering, and a second delete finds nothing.
      const avatar = await t.app.inject({ method: 'GET', url: `/api/bot-avatar/${aliceBot}` });
      expect(avatar.statusCode).toBe(404);
      expect((await deleteBot(t, alice, { botId: aliceBot })).statusCode).toBe(404);
      // The other bot is untouched.
      expect((await botRow(t, second)).status).toBe('cag_generated');
    });
  },
);

describe('the dashboard API: domains, avatars, and bad requests', () => {
  let t: TestApp;
  let owner: Owner;
  let botId: string;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await signIn(t, 'Dana', 'sqlite');
    botId = await createBot(t, owner, 'Dana Helper', { avatar: true });
  });
  afterAll(() => t.close());

  it('stores allowed domains lowercased and deduplicated; empty allows any', async () => {
    const res = await updateDomains(t, owner, {
      botId,
      allowedDomains: ['Shop.Example.com', 'shop.example.com', ' localhost:5173 ', '*.example.org'],
    });
    expect(res.statusCode).toBe(200);
    const expected = ['shop.example.com', 'localhost:5173', '*.example.org'];
    expect(res.json()).toEqual({ botId, allowedDomains: expected });
    expect(JSON.parse((await botRow(t, botId)).allowed_domains)).toEqual(expected);

    const read = await t.app.inject({
      method: 'GET',
      url: `${DASHBOARD_API.botDomains}?botId=${botId}`,
      headers: bearer(owner.token),
    });
    expect(read.json()).toEqual({ botId, allowedDomains: expected });

    const cleared = await updateDomains(t, owner, { botId, allowedDomains: [] });
    expect(cleared.json().allowedDomains).toEqual([]);
    expect((await botRow(t, botId)).allowed_domains).toBe('[]');
  });

  it('stores the widget theme the owner chooses: the list and the widget show it', async () => {
    const res = await updateTheme(t, owner, { botId, themeId: 'healthcare' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ botId, themeId: 'healthcare' });
    expect((await botRow(t, botId)).theme_id).toBe('healthcare');
    expect((await listBots(t, owner)).find((b) => b.botId === botId)?.themeId).toBe('healthcare');
    const info = await t.app.inject({ method: 'GET', url: `${API.publicBotInfo}?shareId=${botId}` });
    expect(info.json().publicBotInfo.themeId).toBe('healthcare');

    const before = await botRow(t, botId);
    for (const themeId of ['purple', '', 42, null]) {
      const bad = await updateTheme(t, owner, { botId, themeId });
      expect(bad.statusCode, JSON.stringify(themeId)).toBe(400);
      expect(bad.json().error).toBe(BOT_ADMIN_MSG.invalidTheme);
    }
    expect(await botRow(t, botId)).toEqual(before);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: DASHBOARD_API.updateBotTheme,
      payload: { botId, themeId: 'default' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses bad domains and more than 20 with 400 JSON, changing nothing', async () => {
    const before = await botRow(t, botId);
    const bad = [
      ['https://example.com'],
      ['example.com/path'],
      ['exa mple.com'],
      ['-bad.example.com'],
      ['example.com:99999'],
      [''],
      [42],
      'example.com',
      Array.from({ length: 21 }, (_, i) => `site${i}.example.com`),
    ];
    for (const allowedDomains of bad) {
      const res = await updateDomains(t, owner, { botId, allowedDomains });
      expect(res.statusCode, JSON.stringify(allowedDomains)).toBe(400);
      expect(typeof res.json().error).toBe('string');
    }
    expect(await botRow(t, botId)).toEqual(before);
  });

  it('answers bad bodies with 400 JSON and no token with 401', async () => {
    const cases: unknown[] = [{}, { botId: 5 }, { botId: '' }, { botId: 'x'.repeat(101) }, []];
    for (const payload of cases) {
      const res = await deleteBot(t, owner, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(typeof res.json().error).toBe('string');
    }
    const invalidJson = await t.app.inject({
      method: 'POST',
      url: API.deleteBot,
      headers: { ...bearer(owner.token), 'content-type': 'application/json' },
      payload: '{"botId":',
    });
    expect(invalidJson.statusCode).toBe(400);
    expect(invalidJson.json().error).toBe('The request body is not valid JSON.');

    expect((await deleteBot(t, null, { botId })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: API.listBots })).statusCode).toBe(401);
    const noQuery = await t.app.inject({
      method: 'GET',
      url: DASHBOARD_API.botDomains,
      headers: bearer(owner.token),
    });
    expect(noQuery.statusCode).toBe(400);
    expect((await botRow(t, botId)).status).toBe('cag_generated');
  });

  it('serves the avatar as a cacheable 200x200 PNG, with nosniff and revalidation', async () => {
    const [bot] = await listBots(t, owner);
    const res = await t.app.inject({ method: 'GET', url: bot!.botImageUrl! });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toMatch(/max-age=\d+/);
    expect(res.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    // IHDR: width and height at bytes 16..24.
    expect([res.rawPayload.readUInt32BE(16), res.rawPayload.readUInt32BE(20)]).toEqual([200, 200]);

    const again = await t.app.inject({
      method: 'GET',
      url: bot!.botImageUrl!,
      headers: { 'if-none-match': res.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);

    const unknown = await t.app.inject({ method: 'GET', url: '/api/bot-avatar/bot_unknown' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toHaveProperty('error');
  });
});
