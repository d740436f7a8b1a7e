import { API, BOT_ADMIN_MSG, WIDGET_MSG, parseReply, publicBotInfoResponseSchema } from '@vuxo/shared';
import { testDatabases } from '../support/databases.js';
import {
  botRow,
  createBot,
  deleteBot,
  listBots,
  ownerPost,
  signIn,
  subscribe,
  type Owner,
} from '../support/dashboard-owners.js';
import { bearer, startTestApp, type TestApp } from '../support/test-app.js';

/** Issue 27, row 7 (decision 032): bots over the plan's cap pause; the owner picks which stay live, and deletes. */
describe.each(testDatabases())('bots over the plan’s cap after the plan ends ($name)', (database) => {
  let t: TestApp;
  let owner: Owner;
  let bots: [string, string, string];

  /** A visitor's question to the bot: its reply, and how many messages the visitor has left. */
  const ask = async (botId: string, token?: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: API.chat,
      headers: token ? bearer(token) : {},
      payload: { botConfigId: botId, message: 'What does a standard consultation cost?' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { reply: string; messagesLeft?: number };
  };
  const answers = async (botId: string) => (await ask(botId)).reply !== WIDGET_MSG.botPaused;
  const info = async (botId: string) => {
    const res = await t.app.inject({ method: 'GET', url: `${API.publicBotInfo}?shareId=${botId}` });
    expect(res.statusCode).toBe(200);
    return parseReply(publicBotInfoResponseSchema, res.json()).publicBotInfo;
  };
  const pausedInList = async () =>
    Object.fromEntries((await listBots(t, owner)).map((bot) => [bot.botId, bot.paused]));
  const endPlans = () =>
    t.database.db
      .updateTable('subscriptions')
      .set({
        current_period_start: '2020-01-01T00:00:00.000Z',
        current_period_end: '2020-02-01T00:00:00.000Z',
      })
      .where('user_id', '=', owner.uid)
      .execute();

  beforeAll(async () => {
    t = await startTestApp({ database });
    owner = await signIn(t, 'Casey', database.name);
    await subscribe(t, owner, 'basic');
    bots = [
      await createBot(t, owner, 'First Helper'),
      await createBot(t, owner, 'Second Helper'),
      await createBot(t, owner, 'Third Helper'),
    ];
  }, 120_000);
  afterAll(() => t.close());

  it('on Basic, all three bots answer', async () => {
    for (const botId of bots) expect(await answers(botId)).toBe(true);
    expect(Object.values(await pausedInList())).toEqual([false, false, false]);
  });

  it('when the plan ends, the oldest answers and the other two say they are paused, not counted', async () => {
    await endPlans();
    const [first, second, third] = bots;
    expect(await answers(first)).toBe(true);
    const paused = await ask(second);
    expect(paused.reply).toBe(WIDGET_MSG.botPaused);
    // The paused word is not one of the visitor's messages.
    expect((await ask(second)).messagesLeft).toBe(paused.messagesLeft);
    expect(await answers(third)).toBe(false);
    // The owner console gets the same word.
    expect((await ask(third, owner.token)).reply).toBe(WIDGET_MSG.botPaused);

    expect(await info(first)).toMatchObject({ ready: true });
    expect((await info(first)).paused).toBeUndefined();
    expect(await info(second)).toMatchObject({ ready: false, paused: true });
    expect(await pausedInList()).toEqual({ [first]: false, [second]: true, [third]: true });
  });

  it('the owner keeps another bot live: it answers, and the one live before pauses', async () => {
    const [first, second, third] = bots;
    const kept = await ownerPost(t, owner, API.keepBotLive, { botId: second });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toEqual({ success: true });
    expect(await answers(second)).toBe(true);
    expect(await answers(first)).toBe(false);
    expect(await answers(third)).toBe(false);
    expect(await pausedInList()).toEqual({ [first]: true, [second]: false, [third]: true });
  });

  it('another user cannot keep the owner’s bot live', async () => {
    const other = await signIn(t, 'Mallory', database.name);
    const res = await ownerPost(t, other, API.keepBotLive, { botId: bots[0] });
    expect(res.statusCode).toBe(404);
    expect((await botRow(t, bots[0])).kept_live_at).toBeNull();
  });

  it('on the Free Trial the owner cannot delete a bot: the paused ones stay, and Keep live picks which answers (decision 101)', async () => {
    const third = bots[2];
    const res = await deleteBot(t, owner, { botId: third });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toMatchObject({ error: BOT_ADMIN_MSG.deleteNeedsPaidPlan });
    expect((await botRow(t, third)).status).not.toBe('deleted');
    expect((await listBots(t, owner)).map((bot) => bot.botId)).toContain(third);
  });

  it('paying again, every bot answers again, and the owner may delete one', async () => {
    const [first, second, third] = bots;
    await subscribe(t, owner, 'basic');
    expect(await answers(first)).toBe(true);
    expect(await answers(second)).toBe(true);
    expect(await answers(third)).toBe(true);
    expect(await info(first)).toMatchObject({ ready: true });
    expect(Object.values(await pausedInList())).toEqual([false, false, false]);
    expect((await deleteBot(t, owner, { botId: third })).statusCode).toBe(200);
    expect((await listBots(t, owner)).map((bot) => bot.botId)).not.toContain(third);
  });
});
