import {
  API,
  DOCUMENTS_MSG,
  ERROR_CODES,
  PLANS,
  missedQuestionsResponseSchema,
  parseReply,
} from '@vuxo/shared';
import { createReadyBot, type ReadyBot } from '../engine/answer/chat-fixtures.js';
import { botRow, subscribe } from '../support/dashboard-owners.js';
import { testDatabases } from '../support/databases.js';
import { documentCalls, workerFor } from '../support/knowledge-apps.js';
import { bearer, startTestApp, type TestApp } from '../support/test-app.js';

const SALON = (haircut: string) => `# Prices
A women's haircut costs ${haircut}. A men's haircut costs $25. Colour starts at $80.

# Opening hours
We are open Tuesday to Saturday from 9am to 6pm.

# Booking
Book online or call the front desk; please cancel at least 24 hours ahead.`;

const GIFT_CARDS = `# Gift cards
Gift cards are sold at the front desk in amounts of $30, $60 and $120, and never expire.`;
const PRICE_QUESTION = "How much is a women's haircut?";
const GIFT_QUESTION = 'Do you sell gift cards?';

/**
 * Knowledge that can change (issue 31.2, decision 065): the owner replaces a bot's document, or on a paid plan adds
 * more; the bot answers from its old index until the one rebuild job publishes the new one, and a failed rebuild
 * keeps the old one and says why. The test app runs no jobs, so a rebuild waits until `withWorker` runs it.
 */
describe.each(testDatabases())('knowledge that can change on $name', (database) => {
  let t: TestApp;
  let withWorker: ReturnType<typeof workerFor>;

  beforeAll(async () => {
    t = await startTestApp({ database, deps: { runJobs: false } });
    withWorker = workerFor(t);
  });
  afterAll(() => t.close());

  const salonBot = (price = '$40') => withWorker((w) => createReadyBot(w, { text: SALON(price) }));
  const callsOf = (bot: ReadyBot) =>
    documentCalls(t.app, { token: bot.ownerToken, botId: bot.botId, shareId: bot.shareId });

  it('replace: the old index answers until the new one is Ready, then the new price; saved answers survive', async () => {
    const bot = await salonBot();
    const calls = callsOf(bot);
    const saved = await t.app.inject({
      method: 'POST',
      url: API.saveCorrection,
      headers: bearer(bot.ownerToken),
      payload: { botId: bot.botId, question: 'Do you do weddings?', answer: 'Yes, book a trial first.' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [first] = (await calls.list()).documents;
    expect(first).toMatchObject({ name: 'handbook.txt', status: 'ready' });

    // Answered at once; read in the background, then pending until the rebuild.
    const { id, list: pending } = await calls.replaced(first!.id, 'prices-2027.txt', SALON('$55'));
    expect(pending.documents).toEqual([
      first,
      { id, name: 'prices-2027.txt', status: 'pending', replaces: first!.id },
    ]);
    // Queued, not yet built: the bot answers from its old index.
    expect(await calls.ask(PRICE_QUESTION)).toContain('$40');

    await withWorker(() => calls.settled());
    expect((await calls.list()).documents).toEqual([{ id, name: 'prices-2027.txt', status: 'ready' }]);
    const answer = await calls.ask(PRICE_QUESTION);
    expect(answer).toContain('$55');
    expect(answer).not.toContain('$40');
    expect(await calls.ask('Do you do weddings?')).toContain('Yes, book a trial first.');
  });

  it('a question missed before a rebuild that the bot now answers leaves the missed list; one still missed stays (issue 45)', async () => {
    const bot = await salonBot();
    const calls = callsOf(bot);
    const STILL_MISSED = 'Is there parking for cars nearby?';
    const missed = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `${API.missedQuestions}?botId=${bot.botId}`,
        headers: bearer(bot.ownerToken),
      });
      expect(res.statusCode, res.body).toBe(200);
      return parseReply(missedQuestionsResponseSchema, res.json()).questions.map((q) => q.text);
    };
    expect(await calls.ask(GIFT_QUESTION)).not.toContain('front desk');
    await calls.ask(STILL_MISSED);
    expect((await missed()).sort()).toEqual([GIFT_QUESTION, STILL_MISSED].sort());

    const [first] = (await calls.list()).documents;
    await calls.replaced(first!.id, 'salon-2027.txt', `${SALON('$40')}\n\n${GIFT_CARDS}`);
    await withWorker(() => calls.settled());
    expect(await missed()).toEqual([STILL_MISSED]);
    // Asked again after the rebuild and missed again, a question stays listed.
    await calls.ask(STILL_MISSED);
    expect(await missed()).toEqual([STILL_MISSED]);
  });

  it('a failed rebuild keeps the old index and tells the owner why; a blank file is refused as in the wizard', async () => {
    const bot = await salonBot();
    const calls = callsOf(bot);
    const [first] = (await calls.list()).documents;

    // Refused while read in the background: the old document stays, and the owner reads the refusal's message.
    const blank = await calls.replaced(first!.id, 'blank.txt', '   \n\n  ');
    expect(blank.list).toEqual({
      documents: [first],
      maxDocuments: PLANS.trial.maxDocuments,
      error: expect.stringMatching(/couldn't find any text/),
    });
    expect(await calls.ask(PRICE_QUESTION)).toContain('$40');

    // Marks without a word or number pass extraction but give the bot nothing to answer from.
    await calls.replaced(first!.id, 'scribbles.txt', '••• ——— *** ••• ———');
    const after = await withWorker(() => calls.settled());
    expect(after).toMatchObject({ documents: [first], error: DOCUMENTS_MSG.noText });
    expect(await calls.ask(PRICE_QUESTION)).toContain('$40');

    // The next change clears the reason.
    expect((await calls.replace(first!.id, 'salon.txt', SALON('$45'))).statusCode).toBe(202);
    expect((await calls.list()).error).toBeUndefined();
    await withWorker(() => calls.settled());
    expect(await calls.ask(PRICE_QUESTION)).toContain('$45');
  });

  it('pressing Replace again and again makes one rebuild job, which builds the last upload', async () => {
    const bot = await salonBot();
    const calls = callsOf(bot);
    const [first] = (await calls.list()).documents;
    for (const price of ['$50', '$60', '$70'])
      expect((await calls.replace(first!.id, `salon-${price}.txt`, SALON(price))).statusCode).toBe(202);
    await calls.read();

    const jobs = await t.database.db
      .selectFrom('jobs')
      .select('status')
      .where('kind', '=', 'knowledge.rebuild')
      .where('payload', 'like', `%${bot.botId}%`)
      .execute();
    expect(jobs).toEqual([{ status: 'queued' }]);
    expect((await calls.list()).documents.filter((d) => d.status === 'pending')).toHaveLength(1);

    await withWorker(() => calls.settled());
    expect((await calls.list()).documents).toMatchObject([{ name: 'salon-$70.txt', status: 'ready' }]);
    expect(await calls.ask(PRICE_QUESTION)).toContain('$70');
  });

  it('documents per bot follow the plan: one on the Free Trial, more on Basic, answered from both', async () => {
    const bot = await salonBot();
    const calls = callsOf(bot);
    expect((await calls.list()).maxDocuments).toBe(PLANS.trial.maxDocuments);
    const refused = await calls.add('gift-cards.txt', GIFT_CARDS);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      error: DOCUMENTS_MSG.limitReached(PLANS.trial.maxDocuments),
      code: ERROR_CODES.documentLimitReached,
    });

    await subscribe(t, { token: bot.ownerToken, uid: bot.ownerUid, email: '' }, 'basic');
    expect((await calls.list()).maxDocuments).toBe(PLANS.basic.maxDocuments);
    const added = await calls.added('gift-cards.txt', GIFT_CARDS);
    await withWorker(() => calls.settled());
    expect((await calls.list()).documents.map((d) => d.name)).toEqual(['handbook.txt', 'gift-cards.txt']);
    expect(await calls.ask(GIFT_QUESTION)).toContain('front desk');
    expect(await calls.ask(PRICE_QUESTION)).toContain('$40');
    // The suggested questions are made again from both documents.
    const { generated_questions } = await botRow(t, bot.botId);
    expect(generated_questions).toMatch(/gift card/i);

    for (let n = 3; n <= PLANS.basic.maxDocuments; n++)
      expect((await calls.add(`extra-${n}.txt`, `# Note ${n}\nParking note number ${n}.`)).statusCode).toBe(
        202,
      );
    const over = await calls.add('one-too-many.txt', GIFT_CARDS);
    expect(over.statusCode).toBe(403);
    expect(over.json().error).toBe(DOCUMENTS_MSG.limitReached(PLANS.basic.maxDocuments));
    expect(PLANS.pro.maxDocuments).toBeGreaterThan(PLANS.basic.maxDocuments);

    // Removing another document rebuilds without it before answering.
    const removed = await t.app.inject({
      method: 'POST',
      url: API.deleteBotDocument,
      headers: bearer(bot.ownerToken),
      payload: { botId: bot.botId, id: added.id },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await calls.ask(GIFT_QUESTION)).not.toContain('front desk');
    const [first] = (await calls.list()).documents;
    const firstRemoved = await t.app.inject({
      method: 'POST',
      url: API.deleteBotDocument,
      headers: bearer(bot.ownerToken),
      payload: { botId: bot.botId, id: first!.id },
    });
    expect(firstRemoved.statusCode).toBe(409);
    expect(firstRemoved.json().error).toBe(DOCUMENTS_MSG.lastDocument);
  });

  it("another owner's bot is 404 for every document call, and nothing changes", async () => {
    const bot = await salonBot();
    const other = await salonBot();
    const [first] = (await callsOf(bot).list()).documents;
    const intruder = documentCalls(t.app, {
      token: other.ownerToken,
      botId: bot.botId,
      shareId: bot.shareId,
    });
    expect((await intruder.replace(first!.id, 'x.txt', SALON('$1'))).statusCode).toBe(404);
    expect((await intruder.add('x.txt', GIFT_CARDS)).statusCode).toBe(404);
    const list = await t.app.inject({
      method: 'GET',
      url: `${API.botDocuments}?botId=${bot.botId}`,
      headers: bearer(other.ownerToken),
    });
    expect(list.statusCode).toBe(404);
    const remove = await t.app.inject({
      method: 'POST',
      url: API.deleteBotDocument,
      headers: bearer(other.ownerToken),
      payload: { botId: bot.botId, id: first!.id },
    });
    expect(remove.statusCode).toBe(404);
    // A document of the owner's own other bot is not this bot's to replace.
    const [otherFirst] = (await callsOf(other).list()).documents;
    expect((await callsOf(bot).replace(otherFirst!.id, 'x.txt', SALON('$1'))).statusCode).toBe(404);
    expect((await callsOf(bot).list()).documents).toEqual([first]);
  });
});
