import {
  API,
  ERROR_CODES,
  SOURCE_REREADS_PER_DAY,
  SOURCES_MSG,
  botSourcesResponseSchema,
  chatResponseSchema,
  parseReply,
  type BotSource,
} from '@vuxo/shared';
import { webSourceReader } from '../../src/adapters/source-reader.js';
import { SOURCE_FETCH_MESSAGES } from '../../src/adapters/web/index.js';
import { startChangingSite, type ChangingSite } from '../support/changing-site.js';
import { testDatabases } from '../support/databases.js';
import { subscribe, type OwnerRef } from '../support/dashboard-owners.js';
import { bearer, startTestApp, type TestApp } from '../support/test-app.js';
import { waitFor } from '../support/wizard-flow.js';
import { createReadyBot, type ReadyBot } from '../engine/answer/chat-fixtures.js';

/** SOURCE_REFRESH_EVERY in the test: an hour, moved on the app's clock. */
const PERIOD_S = 3600;
const SWEEP_MS = 40;
const DAY_MS = 86_400_000;

const ownerOf = (bot: ReadyBot): OwnerRef => ({ token: bot.ownerToken, uid: bot.ownerUid, email: '' });
const groomPage = (price: string, extra = '') =>
  `<h2>Prices</h2><ul><li>Full groom: ${price}</li><li>Nail trim: $15</li></ul>` +
  `<p>A full groom costs ${price} and takes two hours.${extra}</p>`;

/** Website sources read again on a schedule (decision 118), on a clock the test moves a period at a time. */
describe.each(testDatabases())('website sources re-read on their schedule ($name)', (database) => {
  let t: TestApp;
  let site: ChangingSite;
  let now = new Date();
  let address = 0;

  beforeAll(async () => {
    site = await startChangingSite();
    t = await startTestApp({
      database,
      env: { SOURCE_REFRESH_EVERY: String(PERIOD_S) },
      deps: {
        clock: () => now,
        sweepEveryMs: SWEEP_MS,
        sourceReader: webSourceReader({ allowPrivate: true, timeoutMs: 2_000 }),
      },
    });
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await site.close();
  });

  /** One period on: every source's next read falls due. */
  const nextPeriod = () => {
    now = new Date(now.getTime() + PERIOD_S * 1000);
  };

  async function list(bot: ReadyBot) {
    const res = await t.app.inject({
      method: 'GET',
      url: `${API.botSources}?botId=${bot.botId}`,
      headers: bearer(bot.ownerToken),
    });
    expect(res.statusCode, res.body).toBe(200);
    return parseReply(botSourcesResponseSchema, res.json()).sources;
  }
  const sourceOf = async (bot: ReadyBot, id: string) => (await list(bot)).find((s) => s.id === id)!;

  async function addAndRead(bot: ReadyBot, path: string): Promise<BotSource> {
    const res = await t.app.inject({
      method: 'POST',
      url: API.addBotSource,
      headers: bearer(bot.ownerToken),
      payload: { botId: bot.botId, url: `${site.origin}${path}`, kind: 'page' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { id } = res.json() as { id: string };
    return waitFor(
      () => sourceOf(bot, id),
      (s) => s.status === 'ready' || s.status === 'failed',
    );
  }

  /** Moves the clock a period on and waits for the source's scheduled read to be done. */
  async function scheduledRead(bot: ReadyBot, source: BotSource): Promise<BotSource> {
    const before = (await sourceOf(bot, source.id)).checkedAt;
    nextPeriod();
    return waitFor(
      () => sourceOf(bot, source.id),
      (s) => s.status === 'ready' && s.checkedAt !== before,
    );
  }

  const indexVersion = async (bot: ReadyBot) =>
    (
      await t.database.db
        .selectFrom('bots')
        .select('index_version')
        .where('id', '=', bot.botId)
        .executeTakeFirstOrThrow()
    ).index_version;

  async function ask(bot: ReadyBot, message: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: API.chat,
      remoteAddress: `10.9.0.${++address}`,
      payload: { botConfigId: bot.shareId, message },
    });
    expect(res.statusCode, res.body).toBe(200);
    return parseReply(chatResponseSchema, res.json()).reply;
  }

  const post = (bot: ReadyBot, url: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: bearer(bot.ownerToken),
      payload: { botId: bot.botId, ...payload },
    });

  async function readyBasicBot() {
    const bot = await createReadyBot(t);
    await subscribe(t, ownerOf(bot), 'basic');
    return bot;
  }

  it('a page unchanged since its last read answers 304, by ETag and by Last-Modified, and nothing is rebuilt', async () => {
    const bot = await readyBasicBot();
    site.set('/etag-prices', { title: 'Prices', body: groomPage('$45'), validation: 'etag' });
    site.set('/dated-prices', { title: 'Prices', body: groomPage('$45'), validation: 'last-modified' });
    const byEtag = await addAndRead(bot, '/etag-prices');
    const byDate = await addAndRead(bot, '/dated-prices');
    expect([byEtag.status, byDate.status]).toEqual(['ready', 'ready']);
    const version = await indexVersion(bot);
    site.requests.length = 0;

    // One period on for both (a second move could read the first page twice).
    const before = await Promise.all([byEtag, byDate].map((s) => sourceOf(bot, s.id)));
    nextPeriod();
    const [etagAfter, dateAfter] = await Promise.all(
      [byEtag, byDate].map((s, i) =>
        waitFor(
          () => sourceOf(bot, s.id),
          (x) => x.status === 'ready' && x.checkedAt !== before[i]!.checkedAt,
        ),
      ),
    );
    const sent = (path: string) => site.requests.filter((r) => r.path === path);
    expect(sent('/etag-prices').map((r) => r.status)).toEqual([304]);
    expect(sent('/etag-prices')[0]!.headers['if-none-match']).toMatch(/^"[0-9a-f]+"$/);
    expect(sent('/dated-prices').map((r) => r.status)).toEqual([304]);
    expect(sent('/dated-prices')[0]!.headers['if-modified-since']).toBeTruthy();
    expect(await indexVersion(bot)).toBe(version);
    expect(etagAfter!.fetchedAt).toBe(byEtag.fetchedAt);
    expect(dateAfter!.fetchedAt).toBe(byDate.fetchedAt);
  });

  it('a page with no validators read again unchanged has the same hash, and nothing is rebuilt', async () => {
    const bot = await readyBasicBot();
    site.set('/plain-prices', { title: 'Prices', body: groomPage('$45'), validation: 'none' });
    const source = await addAndRead(bot, '/plain-prices');
    const version = await indexVersion(bot);
    site.requests.length = 0;

    const after = await scheduledRead(bot, source);
    expect(site.requests.filter((r) => r.path === '/plain-prices').map((r) => r.status)).toEqual([200]);
    expect(site.requests.map((r) => r.path)).toContain('/robots.txt');
    expect(await indexVersion(bot)).toBe(version);
    expect(after.fetchedAt).toBe(source.fetchedAt);
  });

  it('a changed price is answered after the scheduled read; what changed shows on the panel and in the weekly email', async () => {
    const bot = await readyBasicBot();
    site.set('/groom', { title: 'Grooming prices', body: groomPage('$45'), validation: 'etag' });
    const source = await addAndRead(bot, '/groom');
    expect(source.lastChange).toBeUndefined();
    expect(await ask(bot, 'How much is a full groom?')).toContain('$45');
    const version = await indexVersion(bot);

    site.set('/groom', { body: groomPage('$50', ' Please bring a leash.') });
    const after = await scheduledRead(bot, source);
    expect(after.fetchedAt).not.toBe(source.fetchedAt);
    expect(await indexVersion(bot)).not.toBe(version);
    const answer = await ask(bot, 'How much is a full groom?');
    expect(answer).toContain('$50');
    expect(answer).not.toContain('$45');

    // The Sources panel's call: per page the sentences added and removed, and the changed key fact.
    expect(after.lastChange).toEqual({
      changedAt: now.toISOString(),
      pages: [
        {
          url: `${site.origin}/groom`,
          title: 'Grooming prices',
          added: ['Full groom: $50', 'A full groom costs $50 and takes two hours.', 'Please bring a leash.'],
          removed: ['Full groom: $45', 'A full groom costs $45 and takes two hours.'],
          facts: [{ label: 'Price of Full groom', before: '$45', after: '$50' }],
        },
      ],
    });

    // The week's summary (the outbox) says it too.
    await t.database.db
      .updateTable('users')
      .set({ created_at: new Date(now.getTime() - 10 * DAY_MS).toISOString() })
      .where('id', '=', bot.ownerUid)
      .execute();
    const [summary] = await waitFor(
      () =>
        t.database.db
          .selectFrom('emails')
          .select('text')
          .where('kind', '=', 'weekly-summary')
          .where('user_id', '=', bot.ownerUid)
          .execute(),
      (rows) => rows.length > 0,
    );
    expect(summary!.text).toContain('Grooming prices: Price of Full groom: $45 → $50');
    expect(summary!.text).toContain(`Grooming prices: 3 sentences added, 2 removed (${site.origin}/groom)`);
  });

  it('a price the owner corrected by hand survives a re-read; the change asks to keep it or take the website’s', async () => {
    const bot = await readyBasicBot();
    site.set('/owned', { title: 'Grooming prices', body: groomPage('$45'), validation: 'none' });
    const source = await addAndRead(bot, '/owned');
    const facts = await t.app.inject({
      method: 'GET',
      url: `${API.keyFacts}?botId=${bot.botId}`,
      headers: bearer(bot.ownerToken),
    });
    expect(facts.statusCode, facts.body).toBe(200);
    const current = (facts.json() as { facts: { prices: { item: string; price: string }[] } }).facts;
    const prices = current.prices.map((p) => (p.item === 'Full groom' ? { ...p, price: '$48' } : p));
    expect(prices).toContainEqual(expect.objectContaining({ item: 'Full groom', price: '$48' }));
    const saved = await post(bot, API.saveKeyFacts, { facts: { ...current, prices } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await ask(bot, 'How much is a full groom?')).toContain('$48');

    site.set('/owned', { body: groomPage('$50') });
    const after = await scheduledRead(bot, source);
    expect(after.lastChange?.pages[0]?.facts).toEqual([
      { label: 'Price of Full groom', before: '$45', after: '$50', yours: '$48' },
    ]);
    const edited = await t.app.inject({
      method: 'GET',
      url: `${API.keyFacts}?botId=${bot.botId}`,
      headers: bearer(bot.ownerToken),
    });
    const kept = (edited.json() as { facts: { prices: { item: string; price: string }[] } }).facts.prices;
    expect(kept).toContainEqual(expect.objectContaining({ item: 'Full groom', price: '$48' }));
    expect(await ask(bot, 'What does a full groom cost?')).toContain('$48');

    // The owner takes the website’s price: the bot answers with it, and the question is answered.
    const choice = { id: source.id, label: 'Price of Full groom' };
    const taken = await post(bot, API.chooseSourceFact, { ...choice, take: true });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(await ask(bot, 'What does a full groom cost?')).toContain('$50');
    expect((await sourceOf(bot, source.id)).lastChange?.pages[0]?.facts).toEqual([
      { label: 'Price of Full groom', before: '$45', after: '$50' },
    ]);
    const again = await post(bot, API.chooseSourceFact, { ...choice, take: false });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: SOURCES_MSG.changeNotFound });
  });

  it('a page turned 404 keeps its last text and is marked; three failed reads in a row tell the owner once', async () => {
    const bot = await readyBasicBot();
    site.set('/gone', { title: 'Grooming prices', body: groomPage('$45'), validation: 'etag' });
    const source = await addAndRead(bot, '/gone');
    site.set('/gone', { status: 404 });
    const mails = () =>
      t.database.db
        .selectFrom('emails')
        .select(['to_address', 'subject', 'text'])
        .where('kind', '=', 'source-failing')
        .where('bot_id', '=', bot.botId)
        .execute();

    const first = await scheduledRead(bot, source);
    expect(first.status).toBe('ready');
    expect(first.failure).toBe(SOURCE_FETCH_MESSAGES.httpStatus);
    expect(first.failingSince).toBe(now.toISOString());
    const since = first.failingSince;
    expect(await ask(bot, 'How much is a full groom?')).toContain('$45');
    expect(await mails()).toEqual([]);

    await scheduledRead(bot, source);
    expect(await mails()).toEqual([]);
    const third = await scheduledRead(bot, source);
    expect(third.failingSince).toBe(since);
    const [mail, ...more] = await waitFor(mails, (rows) => rows.length > 0);
    expect(more).toEqual([]);
    expect(mail!.subject).toContain(`${site.origin}/gone`);
    expect(mail!.text).toContain(SOURCE_FETCH_MESSAGES.httpStatus);

    await scheduledRead(bot, source);
    expect(await mails()).toHaveLength(1);
    expect(await ask(bot, 'How much is a full groom?')).toContain('$45');

    // Back again: the mark goes.
    site.set('/gone', { status: null });
    const back = await scheduledRead(bot, source);
    expect(back.failure).toBeUndefined();
    expect(back.failingSince).toBeUndefined();
  });

  it('“Re-read now” names the page by its address, reads it at once, and is limited per day', async () => {
    const bot = await readyBasicBot();
    site.set('/now', { title: 'Grooming prices', body: groomPage('$45'), validation: 'none' });
    const source = await addAndRead(bot, '/now');
    site.set('/now', { body: groomPage('$55') });

    const res = await post(bot, API.refreshBotSource, { url: `${site.origin}/now#prices` });
    expect(res.statusCode, res.body).toBe(200);
    const read = await waitFor(
      () => sourceOf(bot, source.id),
      (s) => s.status === 'ready' && s.fetchedAt !== source.fetchedAt,
    );
    expect(read.failure).toBeUndefined();
    expect(await ask(bot, 'How much is a full groom?')).toContain('$55');

    for (let press = 2; press <= SOURCE_REREADS_PER_DAY; press++) {
      await waitFor(
        () => sourceOf(bot, source.id),
        (s) => s.status === 'ready',
      );
      expect((await post(bot, API.refreshBotSource, { id: source.id })).statusCode).toBe(200);
    }
    await waitFor(
      () => sourceOf(bot, source.id),
      (s) => s.status === 'ready',
    );
    const refused = await post(bot, API.refreshBotSource, { id: source.id });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: SOURCES_MSG.rereadLimit(SOURCE_REREADS_PER_DAY),
      code: ERROR_CODES.sourceRereadLimit,
    });
    const unknown = await post(bot, API.refreshBotSource, { url: `${site.origin}/not-a-source` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: SOURCES_MSG.sourceNotFound });
  });

  it('a paused source is not read on its schedule until it is resumed', async () => {
    const bot = await readyBasicBot();
    site.set('/paused', { title: 'Grooming prices', body: groomPage('$45'), validation: 'none' });
    const source = await addAndRead(bot, '/paused');
    const paused = await post(bot, API.pauseBotSource, { id: source.id, paused: true });
    expect(paused.statusCode, paused.body).toBe(200);
    expect((await sourceOf(bot, source.id)).refreshPaused).toBe(true);
    site.set('/paused', { body: groomPage('$60') });
    site.requests.length = 0;

    nextPeriod();
    // Another source's scheduled read shows the ticks ran meanwhile.
    site.set('/witness', { title: 'Witness', body: groomPage('$1'), validation: 'none' });
    const witness = await addAndRead(bot, '/witness');
    await scheduledRead(bot, witness);
    expect(site.requests.map((r) => r.path)).not.toContain('/paused');
    expect(await ask(bot, 'How much is a full groom?')).toContain('$45');

    expect((await post(bot, API.pauseBotSource, { id: source.id, paused: false })).statusCode).toBe(200);
    const resumed = await waitFor(
      () => sourceOf(bot, source.id),
      (s) => s.fetchedAt !== source.fetchedAt,
    );
    expect(resumed.refreshPaused).toBeUndefined();
    await waitFor(
      () => ask(bot, 'How much is a full groom?'),
      (answer) => answer.includes('$60'),
    );
  });
});
