import { API, BOT_ADMIN_MSG } from '@vuxo/shared';
import {
  botRow,
  createBot,
  deleteBot,
  listBots,
  signIn,
  updateDomains,
  updateTheme,
  type Owner,
} from '../support/dashboard-owners.js';
import { bearer, startTestApp, type TestApp } from '../support/test-app.js';
import { BOT_STATUS } from '@vuxo/testkit';

/** The Share dialog's settings (allowed websites, widget theme), the public avatar, and bad requests. */
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
      url: `${API.botDomains}?botId=${botId}`,
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
      url: API.updateBotTheme,
      payload: { botId, themeId: 'default' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("keeps the bot's answer index when the theme or the allowed websites change", async () => {
    const { index_version: built } = await botRow(t, botId);
    expect(built).not.toBe('');
    expect((await updateTheme(t, owner, { botId, themeId: 'blue-white' })).statusCode).toBe(200);
    expect((await updateDomains(t, owner, { botId, allowedDomains: ['shop.example.com'] })).statusCode).toBe(
      200,
    );
    const after = await botRow(t, botId);
    expect(after.index_version).toBe(built);
    expect(after.updated_at > built).toBe(true);
    await updateDomains(t, owner, { botId, allowedDomains: [] });
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
      url: API.botDomains,
      headers: bearer(owner.token),
    });
    expect(noQuery.statusCode).toBe(400);
    expect((await botRow(t, botId)).status).toBe(BOT_STATUS.ready);
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
