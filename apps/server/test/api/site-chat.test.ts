import { API, chatResponseSchema, parseReply, publicBotInfoResponseSchema } from '@vuxo/shared';
import { clientConfigFor } from '../../src/client-config.js';
import { SITE_BOT, ensureSiteBot } from '../../src/services/site-bot/site-bot.js';
import { DEMO_BOTS } from '../../src/services/site-bot/demo-bots.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** The site's own chat widget: a bot built at start from the guide to the product. */
describe('the site chat bot', () => {
  let t: TestApp;
  let address = 0;
  beforeAll(async () => {
    t = await startTestApp({ env: { SITE_CHAT: 'on', SUPPORT_EMAIL: 'hello@vuxo.example' } });
    await t.app.ready();
  });
  afterAll(() => t.close());

  let infoCalls = 0;
  async function info(shareId: string = SITE_BOT.shareId) {
    // Each call as a page load of its own visitor: polling until the builds end (slow on a loaded machine)
    // would otherwise meet the widget's per-address flood limit, which is not what these tests are about.
    infoCalls += 1;
    const res = await t.app.inject({
      method: 'GET',
      url: `${API.publicBotInfo}?shareId=${shareId}`,
      remoteAddress: `10.8.${Math.floor(infoCalls / 250)}.${(infoCalls % 250) + 1}`,
    });
    expect(res.statusCode).toBe(200);
    return parseReply(publicBotInfoResponseSchema, res.json()).publicBotInfo;
  }

  async function untilReady(shareId: string = SITE_BOT.shareId) {
    await expect.poll(async () => (await info(shareId)).ready, { timeout: 20_000, interval: 100 }).toBe(true);
  }

  async function ask(message: string, botConfigId: string = SITE_BOT.shareId) {
    const res = await t.app.inject({
      method: 'POST',
      url: API.chat,
      payload: { botConfigId, message, history: [] },
      remoteAddress: `10.9.0.${++address}`,
    });
    expect(res.statusCode).toBe(200);
    return parseReply(chatResponseSchema, res.json()).reply;
  }

  it('is built at start and answers from the product’s own facts', async () => {
    await untilReady();
    const bot = await info();
    expect(bot).toMatchObject({ botName: SITE_BOT.name, welcomeMessage: SITE_BOT.welcome });
    expect(bot.generatedQuestions.length).toBeGreaterThan(0);
    expect(await ask('How much does the Pro plan cost?')).toContain('$49/mo');
    expect(await ask('Which files can I upload?')).toMatch(/PDF/);
    expect(await ask('How can I contact you?')).toContain('hello@vuxo.example');
    // Its owner has no sign-in email: what it cannot answer goes to the product's support address.
    const declined = await ask('Do you sell surfboards?');
    expect(declined).toMatch(/couldn't find|don't have information/);
    expect(declined).toContain('hello@vuxo.example');
  });

  it('builds the demo bots, and each answers the questions /demos offers from its own document', async () => {
    const facts: Record<string, RegExp[]> = {
      'demo-maple-dental': [/\$120/, /Blue Cross/, /parking/i],
      'demo-crumb-and-co': [/5 days/, /deliver/i, /closed on Mondays|Monday: closed/],
      'demo-brightfix': [/\$85/, /24 hours a day|\$150/, /12 months/],
    };
    for (const demo of DEMO_BOTS) {
      await untilReady(demo.shareId);
      expect(await info(demo.shareId)).toMatchObject({ botName: demo.name, welcomeMessage: demo.welcome });
      for (const [i, question] of demo.questions.entries()) {
        expect(await ask(question, demo.shareId), `${demo.name}: ${question}`).toMatch(
          facts[demo.shareId]![i]!,
        );
      }
      // Declined, pointing to the product's address (the sample businesses have none).
      expect(await ask('Do you sell surfboards?', demo.shareId)).toContain('hello@vuxo.example');
    }
  });

  it('is handed to the browser only when the site chat is on', () => {
    expect(clientConfigFor(t.config).demoBots.map((demo) => demo.botId)).toEqual(
      DEMO_BOTS.map((demo) => demo.botId),
    );
    expect(clientConfigFor({ ...t.config, siteChat: false }).demoBots).toEqual([]);
    expect(clientConfigFor(t.config).siteChatShareId).toBe(SITE_BOT.shareId);
    expect(clientConfigFor({ ...t.config, siteChat: false }).siteChatShareId).toBeNull();
  });

  it('is left alone on a restart with the same guide, and rebuilt when the guide changes', async () => {
    await untilReady();
    const builds = { enqueue: vi.fn(), wake: vi.fn() };
    const db = t.database.db;
    expect(await ensureSiteBot({ db, builds, config: t.config })).toBe('current');
    expect(builds.enqueue).not.toHaveBeenCalled();

    const moved = { ...t.config, supportEmail: 'team@vuxo.example' };
    expect(await ensureSiteBot({ db, builds, config: moved })).toBe('rebuilt');
    expect(builds.enqueue).toHaveBeenCalledTimes(1);
    const document = await db
      .selectFrom('document_texts')
      .select('text')
      .where('document_id', '=', SITE_BOT.documentId)
      .executeTakeFirstOrThrow();
    expect(document.text).toContain('team@vuxo.example');
    const row = await db
      .selectFrom('bots')
      .select('status')
      .where('id', '=', SITE_BOT.botId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('configuring');
  });
});
