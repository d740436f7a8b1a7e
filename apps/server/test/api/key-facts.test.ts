import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  API,
  ERROR_CODES,
  KEY_FACTS_LIMITS,
  KEY_FACTS_MSG,
  chatResponseSchema,
  keyFactsResponseSchema,
  parseReply,
  type KeyFactsView,
} from '@vuxo/shared';
import { webSourceReader } from '../../src/adapters/source-reader.js';
import { testDatabases } from '../support/databases.js';
import { subscribe } from '../support/dashboard-owners.js';
import { bearer, type TestApp } from '../support/test-app.js';
import { waitFor } from '../support/wizard-flow.js';
import { createReadyBot, startChatApp, type ReadyBot } from '../engine/answer/chat-fixtures.js';

/** A small business's page: a phone number and an email, no hours, no prices. */
const SALON = `# Olive Hair Studio
Cuts and colour in the centre of town.

# Contact
Call us on 01949 728288 or email info@olive-hair.example.`;

const PAGE_EMAIL = 'bookings@olive-hair.example';

/** "What your bot knows": GET /api/key-facts and POST /api/save-key-facts, owner only. */
describe.each(testDatabases())('key facts on $name', (database) => {
  let t: TestApp;
  let site: Server;
  let origin: string;
  let address = 0;

  beforeAll(async () => {
    // A website page the owner adds later: its email joins the document's facts at the rebuild.
    site = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        `<!doctype html><html><head><title>Bookings</title></head><body><main><h1>Bookings</h1>` +
          `<p>Book a cut by email: ${PAGE_EMAIL}. We reply within a day.</p></main></body></html>`,
      );
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    t = await startChatApp({
      database,
      sourceReader: webSourceReader({ allowPrivate: true, timeoutMs: 2_000 }),
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => site.close(resolve));
  });

  const read = (bot: ReadyBot, token = bot.ownerToken) =>
    t.app.inject({ method: 'GET', url: `${API.keyFacts}?botId=${bot.botId}`, headers: bearer(token) });
  const save = (bot: ReadyBot, facts: unknown, token = bot.ownerToken) =>
    t.app.inject({
      method: 'POST',
      url: API.saveKeyFacts,
      headers: bearer(token),
      payload: { botId: bot.botId, facts },
    });
  async function factsOf(bot: ReadyBot) {
    const res = await read(bot);
    expect(res.statusCode, res.body).toBe(200);
    return parseReply(keyFactsResponseSchema, res.json());
  }
  async function ask(bot: ReadyBot, message: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: API.chat,
      remoteAddress: `10.9.0.${++address}`,
      payload: { botConfigId: bot.shareId, message, history: [] },
    });
    expect(res.statusCode, res.body).toBe(200);
    return parseReply(chatResponseSchema, res.json()).reply;
  }
  const stored = (bot: ReadyBot) =>
    t.database.db.selectFrom('bot_fact_edits').selectAll().where('bot_id', '=', bot.botId).execute();

  it("shows the document's facts, leaves what it does not give empty, and the owner's phone wins in chat at once", async () => {
    const bot = await createReadyBot(t, { text: SALON });
    const shown = await factsOf(bot);
    expect(shown.ready).toBe(true);
    expect(shown.edited).toEqual([]);
    expect(shown.facts.phones.map((p) => p.number)).toEqual(['01949 728288']);
    expect(shown.facts.emails).toEqual(['info@olive-hair.example']);
    // Never guessed: the document gives no address, hours or prices.
    expect(shown.facts).toMatchObject({ address: null, hours: [], hoursNotes: [], prices: [] });
    expect(await ask(bot, "what's your phone number?")).toContain('01949 728288');

    const corrected: KeyFactsView = {
      ...shown.facts,
      phones: [{ number: '01949 000111' }],
      hours: [{ day: 'sat', opens: '09:00', closes: '13:00' }],
    };
    const saved = await save(bot, corrected);
    expect(saved.statusCode, saved.body).toBe(200);
    const after = parseReply(keyFactsResponseSchema, saved.json());
    expect(after.edited).toEqual(['phones', 'hours']);
    expect(after.facts.phones).toEqual([{ number: '01949 000111' }]);
    expect((await factsOf(bot)).facts).toEqual(after.facts);
    // Only the kinds the owner changed are stored.
    const rows = await stored(bot);
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.edits)).toEqual({
      phones: [{ number: '01949 000111' }],
      hours: [{ day: 'sat', opens: '09:00', closes: '13:00' }],
    });

    // The same question as before (an answer the engine keeps) now gives the owner's number.
    const reply = await ask(bot, "what's your phone number?");
    expect(reply).toContain('01949 000111');
    expect(reply).not.toContain('728288');
    expect(reply).toContain("_Source: the business's own answer_");
  });

  it("keeps the owner's edits through a rebuild, where the document's new facts change only the rest", async () => {
    const bot = await createReadyBot(t, { text: SALON });
    await subscribe(t, { token: bot.ownerToken, uid: bot.ownerUid, email: '' });
    const shown = await factsOf(bot);
    expect(
      (await save(bot, { ...shown.facts, phones: [{ number: '01949 000111', label: 'Salon' }] })).statusCode,
    ).toBe(200);
    const before = await t.database.db
      .selectFrom('bots')
      .select('index_version')
      .where('id', '=', bot.botId)
      .executeTakeFirstOrThrow();

    const added = await t.app.inject({
      method: 'POST',
      url: API.addBotSource,
      headers: bearer(bot.ownerToken),
      payload: { botId: bot.botId, url: `${origin}/bookings`, kind: 'page' },
    });
    expect(added.statusCode, added.body).toBe(200);
    await waitFor(
      () =>
        t.database.db
          .selectFrom('bots')
          .select('index_version')
          .where('id', '=', bot.botId)
          .executeTakeFirstOrThrow(),
      (row) => row.index_version !== before.index_version,
    );
    const rebuilt = await factsOf(bot);
    expect(rebuilt.facts.phones).toEqual([{ number: '01949 000111', label: 'Salon' }]);
    expect(rebuilt.facts.emails).toContain(PAGE_EMAIL);
    expect(rebuilt.edited).toEqual(['phones']);
    expect(await ask(bot, 'what is your phone number')).toContain('01949 000111');
  });

  it('lets the owner remove and add facts, and taking the document’s facts back stores nothing', async () => {
    const bot = await createReadyBot(t, { text: SALON });
    const { facts } = await factsOf(bot);
    const res = await save(bot, {
      ...facts,
      emails: [],
      address: '  3 Market Place, Bingham NG13 8AP ',
      prices: [{ item: "Women's cut", price: '£38', unit: 'per visit' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = parseReply(keyFactsResponseSchema, res.json());
    expect(after.facts).toMatchObject({
      emails: [],
      address: '3 Market Place, Bingham NG13 8AP',
      prices: [{ item: "Women's cut", price: '£38', unit: 'per visit' }],
    });
    expect(after.edited).toEqual(['emails', 'address', 'prices']);

    const back = await save(bot, facts);
    expect(parseReply(keyFactsResponseSchema, back.json())).toEqual({ ready: true, facts, edited: [] });
    expect(await stored(bot)).toEqual([]);
  });

  it('says the bot is still reading before its first index, and stops saying so when its build failed', async () => {
    const bot = await createReadyBot(t, { text: SALON });
    const { db } = t.database;
    await db.deleteFrom('bot_indexes').where('bot_id', '=', bot.botId).execute();
    await db.updateTable('bots').set({ status: 'pending_cag' }).where('id', '=', bot.botId).execute();
    const reading = await factsOf(bot);
    expect(reading).toMatchObject({ ready: false, edited: [] });
    expect(reading.facts.phones).toEqual([]);
    await db.updateTable('bots').set({ status: 'error' }).where('id', '=', bot.botId).execute();
    expect(await factsOf(bot)).toMatchObject({ ready: true, facts: { phones: [], address: null } });
  });

  it('refuses bad input with a clear message and writes nothing', async () => {
    const bot = await createReadyBot(t, { text: SALON });
    const { facts } = await factsOf(bot);
    const version = async () =>
      (
        await t.database.db
          .selectFrom('bots')
          .select('corrections_version')
          .where('id', '=', bot.botId)
          .executeTakeFirstOrThrow()
      ).corrections_version;
    const start = await version();
    const L = KEY_FACTS_LIMITS;
    const cases: [unknown, string][] = [
      [undefined, KEY_FACTS_MSG.factsRequired],
      [{ ...facts, phones: [{ number: '   ' }] }, KEY_FACTS_MSG.phoneRequired],
      [{ ...facts, phones: [{ number: 'call us' }] }, KEY_FACTS_MSG.phoneInvalid],
      [
        { ...facts, phones: [{ number: '1'.repeat(L.phoneChars + 1) }] },
        KEY_FACTS_MSG.phoneTooLong(L.phoneChars),
      ],
      [
        { ...facts, phones: Array.from({ length: L.phones + 1 }, (_, i) => ({ number: `0800 ${i}` })) },
        KEY_FACTS_MSG.tooManyPhones(L.phones),
      ],
      [{ ...facts, emails: ['not an email'] }, KEY_FACTS_MSG.emailInvalid],
      [{ ...facts, address: 'x'.repeat(L.addressChars + 1) }, KEY_FACTS_MSG.addressTooLong(L.addressChars)],
      [{ ...facts, hours: [{ day: 'funday', opens: '09:00' }] }, KEY_FACTS_MSG.dayInvalid],
      [{ ...facts, hours: [{ day: 'mon', opens: '9 o’clock' }] }, KEY_FACTS_MSG.timeInvalid],
      [{ ...facts, hours: [{ day: 'mon' }] }, KEY_FACTS_MSG.hoursEmpty],
      [{ ...facts, prices: [{ item: 'Cut', price: '' }] }, KEY_FACTS_MSG.priceRequired],
      [
        {
          ...facts,
          prices: Array.from({ length: L.prices + 1 }, (_, i) => ({ item: `Item ${i}`, price: '£1' })),
        },
        KEY_FACTS_MSG.tooManyPrices(L.prices),
      ],
      [
        { ...facts, prices: [{ item: 'x'.repeat(L.itemChars + 1), price: '£1' }] },
        KEY_FACTS_MSG.itemTooLong(L.itemChars),
      ],
    ];
    for (const [bad, message] of cases) {
      const res = await save(bot, bad);
      expect(res.statusCode, JSON.stringify(bad)?.slice(0, 80)).toBe(400);
      expect(res.json()).toMatchObject({ error: message });
    }
    expect(await stored(bot)).toEqual([]);
    expect(await version()).toBe(start);
    expect((await factsOf(bot)).facts).toEqual(facts);
  });

  it("answers 404 for another owner's bot, an unknown one and a deleted one, and 401 signed out", async () => {
    const bot = await createReadyBot(t, { text: SALON });
    const other = await createReadyBot(t, { text: SALON, name: 'Someone Else' });
    const { facts } = await factsOf(bot);
    for (const res of [
      await read(bot, other.ownerToken),
      await save(bot, { ...facts, phones: [] }, other.ownerToken),
      await read({ ...bot, botId: 'bot_unknown' }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: ERROR_CODES.botNotFound });
    }
    expect(await stored(bot)).toEqual([]);
    const signedOut = await t.app.inject({ method: 'GET', url: `${API.keyFacts}?botId=${bot.botId}` });
    expect(signedOut.statusCode).toBe(401);
    // Deleting takes a paid plan (decision 101).
    await subscribe(t, { token: bot.ownerToken, uid: bot.ownerUid, email: '' });
    const deleted = await t.app.inject({
      method: 'POST',
      url: API.deleteBot,
      headers: bearer(bot.ownerToken),
      payload: { botId: bot.botId },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await read(bot)).statusCode).toBe(404);
  });
});
