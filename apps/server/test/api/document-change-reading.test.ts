import { PLANS, WIZARD_MSG, type BotDocument } from '@vuxo/shared';
import { DOCUMENT_CHANGE_READING_JOB } from '../../src/services/document-change-readings.js';
import { READING_LOST_MS } from '../../src/services/document-readings.js';
import { createReadyBot, type ReadyBot } from '../engine/answer/chat-fixtures.js';
import { stripScan } from '../fixtures/strip-scan.js';
import { subscribe } from '../support/dashboard-owners.js';
import { documentCalls } from '../support/knowledge-apps.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const SALON = (haircut: string) => `# Prices
A women's haircut costs ${haircut}. A men's haircut costs $25. Colour starts at $80.

# Opening hours
We are open Tuesday to Saturday from 9am to 6pm.`;
const PRICE_QUESTION = "How much is a women's haircut?";

/** Six scanned pages of the salon's new price list. */
const SIX_PAGES = [
  ['Prices from January', "A women's haircut costs $55."],
  ["A men's haircut costs $25."],
  ['Colour starts at $80.'],
  ['Opening hours'],
  ['We are open Tuesday to Saturday from 9am to 6pm.'],
  ['Gift cards are sold at the front desk.'],
];

/**
 * Issue 43 F5: replace and add answer at once and read the document in the background, its pages told as the
 * wizard tells them (decision 084); the bot answers from its old knowledge until the new document is Ready, a
 * refusal reaches the owner with the upload's own message, and a reading whose process stopped is read again.
 */
describe('a replaced or added document is read in the background', { timeout: 120_000 }, () => {
  let t: TestApp;
  let scan: Uint8Array;
  beforeAll(async () => {
    [t, scan] = await Promise.all([startTestApp(), stripScan(SIX_PAGES)]);
  });
  afterAll(() => t.close());

  const salonBot = (name: string) => createReadyBot(t, { text: SALON('$40'), name });
  const callsOf = (bot: ReadyBot) =>
    documentCalls(t.app, { token: bot.ownerToken, botId: bot.botId, shareId: bot.shareId });
  const onPlan = async (bot: ReadyBot, plan: 'basic' | 'pro') =>
    subscribe(t, { token: bot.ownerToken, uid: bot.ownerUid, email: '' }, plan);

  /** Presses, timed: the press must not wait for the reading (a 6-page scan takes seconds to minutes). */
  async function pressed(press: () => Promise<{ statusCode: number; body: string; json(): unknown }>) {
    const started = performance.now();
    const res = await press();
    const elapsed = performance.now() - started;
    expect(res.statusCode, res.body).toBe(202);
    expect(elapsed).toBeLessThan(1_000);
    return (res.json() as { id: string }).id;
  }

  /** Follows the document's reading to Ready, keeping the progress the owner's list showed on the way. */
  async function untilReady(calls: ReturnType<typeof callsOf>, id: string) {
    const seen: NonNullable<BotDocument['reading']>[] = [];
    const deadline = Date.now() + 100_000;
    for (;;) {
      const list = await calls.list();
      const document = list.documents.find((d) => d.id === id);
      if (document?.reading) seen.push(document.reading);
      expect(list.error).toBeUndefined();
      if (document?.status === 'ready') return { list, seen };
      expect(document, 'the document is listed until it is Ready').toBeDefined();
      if (Date.now() > deadline) throw new Error(`not Ready: ${JSON.stringify(list)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  // The cheap cases first: their presses (text files, then a scan refused early) are also the app's first, so the
  // scans' presses further down are timed as any later press is.
  it('a reading stopped and never taken up again is told as stopped, and neither listed nor counted', async () => {
    // reading-recovery.test.ts kills a server mid-reading and sees the job read it again; this is the reading whose
    // job gave up (or is gone): the row as a killed process leaves it, unchanged for longer than the job waits.
    const bot = await salonBot('Stopped Owner');
    await onPlan(bot, 'basic');
    const calls = callsOf(bot);
    const before = await calls.list();
    await t.database.db
      .insertInto('bot_documents')
      .values({
        document_id: 'doc_lost',
        bot_id: bot.botId,
        status: 'reading',
        replaces: null,
        created_at: new Date().toISOString(),
        reading: JSON.stringify({ fileName: 'prices.pdf', done: 1, total: 6 }),
        reading_at: new Date(Date.now() - READING_LOST_MS - 1_000).toISOString(),
      })
      .execute();
    expect(await calls.list()).toEqual({ ...before, error: WIZARD_MSG.readingStopped });
    // Two more documents fit the Basic plan's three: the lost one does not count.
    expect(
      (await calls.added('gifts.txt', 'Gift cards are sold at the front desk.')).list.error,
    ).toBeUndefined();
    expect((await calls.add('parking.txt', 'Parking is free behind the salon.')).statusCode).toBe(202);
  });

  it("a refusal found while reading reaches the owner with the upload's message; the old document stays", async () => {
    const bot = await salonBot('Trial Replacer');
    const calls = callsOf(bot);
    const [first] = (await calls.list()).documents;
    // Six scanned pages are more than the Free Trial reads: refused before any page is read, as in the wizard.
    const id = await pressed(() => calls.replace(first!.id, 'prices-2027.pdf', scan));
    // Recorded with the job that would read it again if this process stopped (queued in the same transaction).
    const watching = await t.database.db
      .selectFrom('jobs')
      .select(['status', 'run_after'])
      .where('kind', '=', DOCUMENT_CHANGE_READING_JOB)
      .where('payload', 'like', `%"documentId":"${id}"%`)
      .execute();
    expect(watching).toEqual([{ status: 'queued', run_after: expect.any(String) }]);
    expect(Date.parse(watching[0]!.run_after)).toBeGreaterThan(Date.now());
    expect(await calls.read()).toEqual({
      documents: [first],
      maxDocuments: PLANS.trial.maxDocuments,
      error: WIZARD_MSG.scannedPagesOver(PLANS.trial.ocrMaxPages),
    });
    expect(await calls.ask(PRICE_QUESTION)).toContain('$40');
    // Nothing of it is stored.
    const documents = await t.database.db.selectFrom('documents').select('id').where('id', '=', id).execute();
    expect(documents).toEqual([]);
  });

  it('replace and add with a 6-page scan answer at once; each scan becomes Ready in the background', async () => {
    const [replacer, adder] = await Promise.all([salonBot('Pro Replacer'), salonBot('Basic Adder')]);
    await Promise.all([onPlan(replacer, 'pro'), onPlan(adder, 'basic')]);
    const replacing = callsOf(replacer);
    const adding = callsOf(adder);
    const [before, beforeAdd] = await Promise.all([replacing.list(), adding.list()]);
    const [first] = before.documents;
    const [firstOfAdder] = beforeAdd.documents;

    // Pressed together, before either reading loads the machine: neither answer waits for its reading.
    const [replaced, added] = await Promise.all([
      pressed(() => replacing.replace(first!.id, 'prices-2027.pdf', scan)),
      pressed(() => adding.add('more-prices.pdf', scan)),
    ]);
    expect((await replacing.list()).documents).toEqual([
      first,
      {
        id: replaced,
        name: 'prices-2027.pdf',
        status: 'reading',
        replaces: first!.id,
        reading: expect.any(Object),
      },
    ]);
    expect((await adding.list()).documents).toEqual([
      firstOfAdder,
      { id: added, name: 'more-prices.pdf', status: 'reading', reading: expect.any(Object) },
    ]);
    // The bot answers from its old document while the new one is read.
    expect(await replacing.ask(PRICE_QUESTION)).toContain('$40');

    const [afterReplace, afterAdd] = await Promise.all([
      untilReady(replacing, replaced),
      untilReady(adding, added),
    ]);
    expect(afterReplace.list.documents).toEqual([{ id: replaced, name: 'prices-2027.pdf', status: 'ready' }]);
    expect(afterAdd.list.documents).toEqual([
      firstOfAdder,
      { id: added, name: 'more-prices.pdf', status: 'ready' },
    ]);
    // The pages were told as they were read, as the wizard tells them.
    for (const { seen } of [afterReplace, afterAdd])
      expect(seen.some((reading) => reading.total === SIX_PAGES.length && reading.done > 0)).toBe(true);
    expect(await replacing.ask(PRICE_QUESTION)).toContain('$55');
    expect(await adding.ask('Where are gift cards sold?')).toContain('front desk');
  });
});
