import {
  API,
  ERROR_CODES,
  PLANS,
  SOURCES_MSG,
  botSourcesResponseSchema,
  chatResponseSchema,
  parseReply,
  type BotSource,
} from '@vuxo/shared';
import { webSourceReader } from '../../src/adapters/source-reader.js';
import { SOURCE_FETCH_MESSAGES } from '../../src/adapters/web/index.js';
import { testDatabases } from '../support/databases.js';
import { subscribe, type OwnerRef } from '../support/dashboard-owners.js';
import { bearer, type TestApp } from '../support/test-app.js';
import { CLINIC_SITE_FACT, startClinicSite, type TestSite } from '../support/test-site.js';
import { waitFor } from '../support/wizard-flow.js';
import { createReadyBot, holdsFacts, startChatApp, type ReadyBot } from '../engine/answer/chat-fixtures.js';

const ownerOf = (bot: ReadyBot): OwnerRef => ({ token: bot.ownerToken, uid: bot.ownerUid, email: '' });

describe.each(testDatabases())('website sources on $name', (database) => {
  let t: TestApp;
  let site: TestSite;
  let address = 0;

  beforeAll(async () => {
    site = await startClinicSite();
    t = await startChatApp({
      database,
      // Reads the test's own site on 127.0.0.1, with a short deadline for the page that never answers.
      sourceReader: webSourceReader({ allowPrivate: true, timeoutMs: 1_500 }),
    });
  });
  afterAll(async () => {
    await t.close();
    await site.close();
  });

  const post = (bot: ReadyBot, url: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: bearer(bot.ownerToken),
      payload: { botId: bot.botId, ...payload },
    });
  const add = (bot: ReadyBot, url: string, kind: 'page' | 'site' = 'page') =>
    post(bot, API.addBotSource, { url, kind });

  async function list(bot: ReadyBot) {
    const res = await t.app.inject({
      method: 'GET',
      url: `${API.botSources}?botId=${bot.botId}`,
      headers: bearer(bot.ownerToken),
    });
    expect(res.statusCode, res.body).toBe(200);
    return parseReply(botSourcesResponseSchema, res.json());
  }

  /** Waits until the source is read (ready) or has failed. */
  async function settled(bot: ReadyBot, id: string): Promise<BotSource> {
    return waitFor(
      async () => (await list(bot)).sources.find((source) => source.id === id)!,
      (source) => source.status === 'ready' || source.status === 'failed',
    );
  }

  async function addAndRead(bot: ReadyBot, url: string, kind: 'page' | 'site' = 'page') {
    const res = await add(bot, url, kind);
    expect(res.statusCode, res.body).toBe(200);
    return settled(bot, (res.json() as { id: string }).id);
  }

  async function ask(bot: ReadyBot, message: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: API.chat,
      remoteAddress: `10.8.0.${++address}`,
      payload: { botConfigId: bot.shareId, message },
    });
    expect(res.statusCode, res.body).toBe(200);
    return parseReply(chatResponseSchema, res.json()).reply;
  }

  it('are refused on the Free Trial, which sees the upgrade path', async () => {
    const bot = await createReadyBot(t);
    expect(await list(bot)).toEqual({
      documentName: 'handbook.txt',
      sources: [],
      maxSources: 0,
      siteCrawl: false,
    });
    const res = await add(bot, `${site.origin}/aquatic`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: SOURCES_MSG.planRequired, code: ERROR_CODES.planRequired });
    expect((await list(bot)).sources).toEqual([]);
  });

  it('Basic: five pages accepted, a sixth and a whole site refused, bad addresses refused', async () => {
    const bot = await createReadyBot(t);
    await subscribe(t, ownerOf(bot), 'basic');
    for (const n of [1, 2, 3, 4, 5])
      expect((await add(bot, `${site.origin}/team/${n}`)).statusCode).toBe(200);

    const sixth = await add(bot, `${site.origin}/team/6`);
    expect(sixth.statusCode).toBe(403);
    expect(sixth.json()).toMatchObject({
      error: SOURCES_MSG.limitReached(5),
      code: ERROR_CODES.sourceLimitReached,
    });
    const crawl = await add(bot, `${site.origin}/`, 'site');
    expect(crawl.statusCode).toBe(403);
    expect(crawl.json()).toMatchObject({ error: SOURCES_MSG.siteNeedsPro });

    const twice = await add(bot, `${site.origin}/team/1#top`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ error: SOURCES_MSG.alreadyAdded });
    for (const url of ['ftp://example.com/file', 'javascript:alert(1)', 'not a url']) {
      const res = await add(bot, url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error).toBe(SOURCES_MSG.urlInvalid);
    }
    const sources = (await list(bot)).sources;
    expect(sources).toHaveLength(5);
    for (const source of sources) expect((await settled(bot, source.id)).status).toBe('ready');
  });

  it('a page read becomes knowledge at once, named by its title with its link; removing it removes it', async () => {
    const bot = await createReadyBot(t);
    await subscribe(t, ownerOf(bot), 'basic');
    expect(holdsFacts(await ask(bot, CLINIC_SITE_FACT.question), [CLINIC_SITE_FACT.facts])).toBe(false);

    const source = await addAndRead(bot, `${site.origin}/aquatic`);
    expect(source).toMatchObject({ status: 'ready', title: CLINIC_SITE_FACT.title, pageCount: 1 });
    expect(source.fetchedAt).toBeTruthy();
    const answer = await ask(bot, CLINIC_SITE_FACT.question);
    expect(holdsFacts(answer, [CLINIC_SITE_FACT.facts])).toBe(true);
    expect(answer).toContain(`[${CLINIC_SITE_FACT.title}](${site.origin}/aquatic)`);
    // The document still answers what it holds.
    expect(await ask(bot, 'How much does an initial assessment cost?')).toContain('$120');

    const removed = await post(bot, API.deleteBotSource, { id: source.id });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await list(bot)).sources).toEqual([]);
    expect(holdsFacts(await ask(bot, CLINIC_SITE_FACT.question), [CLINIC_SITE_FACT.facts])).toBe(false);
  });

  it('Pro reads a whole site: same origin, robots.txt honoured, up to the page cap', async () => {
    const bot = await createReadyBot(t);
    await subscribe(t, ownerOf(bot), 'pro');
    site.requested.length = 0;
    const source = await addAndRead(bot, `${site.origin}/`, 'site');
    expect(source.status, source.error).toBe('ready');
    // 113 pages allowed, 100 read (Pro's cap); the staff notes are disallowed, the partner's site not read.
    expect(source.pageCount).toBe(PLANS.pro.sources.crawlMaxPages);
    expect(site.requested).not.toContain('/private/notes');
    expect(site.requested).toContain('/robots.txt');
    const pages = await t.database.db
      .selectFrom('source_pages')
      .select('url')
      .where('source_id', '=', source.id)
      .execute();
    expect(pages).toHaveLength(100);
    for (const page of pages) expect(page.url.startsWith(`${site.origin}/`)).toBe(true);
    expect(pages.map((page) => page.url)).toContain(`${site.origin}/aquatic`);
    expect(holdsFacts(await ask(bot, CLINIC_SITE_FACT.question), [CLINIC_SITE_FACT.facts])).toBe(true);
    expect(await ask(bot, 'What is the staff alarm code?')).not.toContain('4471');
  });

  it('a slow, huge or non-page address fails with a plain reason, and nothing else breaks', async () => {
    const bot = await createReadyBot(t);
    await subscribe(t, ownerOf(bot), 'basic');
    const good = await addAndRead(bot, `${site.origin}/aquatic`);
    const reasons: Record<string, string> = {
      '/slow': SOURCE_FETCH_MESSAGES.timeout,
      '/huge': SOURCE_FETCH_MESSAGES.tooLarge,
      '/logo.png': SOURCE_FETCH_MESSAGES.unsupportedType,
    };
    for (const [path, reason] of Object.entries(reasons)) {
      const failed = await addAndRead(bot, `${site.origin}${path}`);
      expect(failed, path).toMatchObject({ status: 'failed', error: reason });
    }
    const missing = await addAndRead(bot, `${site.origin}/no-such-page`);
    expect(missing.status).toBe('failed');
    expect(missing.error).toContain(SOURCE_FETCH_MESSAGES.httpStatus.slice(0, 20));
    expect((await list(bot)).sources.find((s) => s.id === good.id)?.status).toBe('ready');
    expect(holdsFacts(await ask(bot, CLINIC_SITE_FACT.question), [CLINIC_SITE_FACT.facts])).toBe(true);
  });

  it('an expired plan keeps what was read but refreshes nothing', async () => {
    const bot = await createReadyBot(t);
    await subscribe(t, ownerOf(bot), 'basic');
    const source = await addAndRead(bot, `${site.origin}/aquatic`);
    await t.database.db
      .updateTable('subscriptions')
      .set({ current_period_end: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', bot.ownerUid)
      .execute();
    const refresh = await post(bot, API.refreshBotSource, { id: source.id });
    expect(refresh.statusCode).toBe(403);
    expect(refresh.json()).toMatchObject({
      error: SOURCES_MSG.refreshNeedsPlan,
      code: ERROR_CODES.planRequired,
    });
    expect(holdsFacts(await ask(bot, CLINIC_SITE_FACT.question), [CLINIC_SITE_FACT.facts])).toBe(true);
  });

  it("another owner's sources answer 404, like an unknown bot", async () => {
    const [bot, stranger] = await Promise.all([
      createReadyBot(t),
      createReadyBot(t, { name: 'Sam Stranger' }),
    ]);
    await subscribe(t, ownerOf(bot), 'basic');
    await subscribe(t, ownerOf(stranger), 'basic');
    const source = await addAndRead(bot, `${site.origin}/team/1`);
    const as = (payload: Record<string, unknown>, url: string) =>
      t.app.inject({ method: 'POST', url, headers: bearer(stranger.ownerToken), payload });
    const calls = [
      await t.app.inject({
        method: 'GET',
        url: `${API.botSources}?botId=${bot.botId}`,
        headers: bearer(stranger.ownerToken),
      }),
      await as({ botId: bot.botId, url: `${site.origin}/team/2` }, API.addBotSource),
      await as({ botId: bot.botId, id: source.id }, API.refreshBotSource),
      await as({ botId: bot.botId, id: source.id }, API.deleteBotSource),
      // The stranger's own bot with the other owner's source id.
      await as({ botId: stranger.botId, id: source.id }, API.deleteBotSource),
    ];
    for (const res of calls) expect(res.statusCode, res.body).toBe(404);
    expect((await list(bot)).sources).toHaveLength(1);
  });
});

describe('website sources with private addresses not allowed (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startChatApp();
  });
  afterAll(() => t.close());

  it('refuses loopback, private and metadata addresses with a plain reason', async () => {
    const bot = await createReadyBot(t);
    await subscribe(t, ownerOf(bot), 'basic');
    for (const url of [
      'http://127.0.0.1:9/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/',
      'http://[::127.0.0.1]/',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: API.addBotSource,
        headers: bearer(bot.ownerToken),
        payload: { botId: bot.botId, url },
      });
      expect(res.statusCode, res.body).toBe(200);
      const id = (res.json() as { id: string }).id;
      const source = await waitFor(
        async () => {
          const listed = await t.app.inject({
            method: 'GET',
            url: `${API.botSources}?botId=${bot.botId}`,
            headers: bearer(bot.ownerToken),
          });
          return parseReply(botSourcesResponseSchema, listed.json()).sources.find((s) => s.id === id)!;
        },
        (s) => s.status === 'failed' || s.status === 'ready',
      );
      expect(source, url).toMatchObject({ status: 'failed', error: SOURCE_FETCH_MESSAGES.privateAddress });
    }
  });
});
