import { API, API_MSG } from '@vuxo/shared';
import { createReadyBot, startChatApp, type ReadyBot } from '../engine/answer/chat-fixtures.js';
import { testDatabases } from '../support/databases.js';
import { bearer, type TestApp } from '../support/test-app.js';

/**
 * A NUL character in any text a client sends is refused with a clear 400 before a route reads it: PostgreSQL
 * cannot store one (the fuzz found a 500 on two routes there) and SQLite would store it as sent.
 */
describe.each(testDatabases())('NUL characters ($name)', (database) => {
  let t: TestApp;
  let bot: ReadyBot;

  beforeAll(async () => {
    t = await startChatApp({ database });
    bot = await createReadyBot(t);
  });
  afterAll(() => t?.close());

  const post = (url: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url, headers: bearer(bot.ownerToken), payload: payload as object });
  const botName = async () =>
    (
      await t.database.db
        .selectFrom('bots')
        .select('name')
        .where('id', '=', bot.botId)
        .executeTakeFirstOrThrow()
    ).name;

  it('refuses them in a body, a nested value, a key and a query, and changes nothing', async () => {
    const before = await botName();
    const refusals = [
      await post(API.updateBotSettings, { botId: bot.botId, botName: 'Harbour\u0000Helper' }),
      await post(API.pageViews, { path: '/\u0000', referrer: '' }),
      await post(API.updateBotSettings, { botId: bot.botId, nested: [{ deeper: ['\u0000'] }] }),
      await post(API.updateBotSettings, { botId: bot.botId, ['bot\u0000Name']: 'x' }),
      await t.app.inject({
        method: 'GET',
        url: `${API.botConversations}?botId=${bot.botId}&q=%00`,
        headers: bearer(bot.ownerToken),
      }),
    ];
    for (const res of refusals) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ error: API_MSG.badRequest });
    }
    expect(await botName()).toBe(before);
  });

  it('finds one at the bottom of a body nested as deep as the size limit allows, without a stack overflow', async () => {
    const depth = 200_000;
    const res = await t.app.inject({
      method: 'POST',
      url: API.pageViews,
      headers: { 'content-type': 'application/json' },
      payload: `${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}`,
    });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
  });

  it('lets the same texts through without one', async () => {
    const res = await post(API.updateBotSettings, { botId: bot.botId, botName: 'Harbour Helper Two' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await botName()).toBe('Harbour Helper Two');
  });
});
