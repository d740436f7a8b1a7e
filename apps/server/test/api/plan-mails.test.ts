import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { API, PLANS, ROUTES, type CardPlanKey } from '@vuxo/shared';
import { signIn, type Owner } from '../support/dashboard-owners.js';
import { testDatabases } from '../support/databases.js';
import { bearer, startTestApp, type TestApp } from '../support/test-app.js';
import { waitFor } from '../support/wizard-flow.js';

const GOOD_CARD = {
  number: '4242424242424242',
  expMonth: 12,
  expYear: 2099,
  cvc: '123',
  postalCode: 'M5V 2T6',
};
const DAY_MS = 86_400_000;
const SWEEP_MS = 40;

/**
 * The owner's plan mail (issue 32), read from the local outbox: the receipt when a payment lands, and, on a
 * clock the test moves under the maintenance sweep, "ends in 3 days" and "has ended" once each, never after
 * a renewal.
 */
describe.each(testDatabases())('plan mail ($name)', (database) => {
  let t: TestApp;
  let now = new Date();
  beforeAll(async () => {
    t = await startTestApp({ database, deps: { clock: () => now, sweepEveryMs: SWEEP_MS } });
  }, 60_000);
  afterAll(() => t.close());
  // Each owner pays at the real time; the clock moves only once the payments are in.
  beforeEach(() => {
    now = new Date();
  });

  async function pay(owner: Owner, planKey: CardPlanKey) {
    const plan = PLANS[planKey];
    const made = await t.app.inject({
      method: 'POST',
      url: API.createPaymentIntent,
      headers: bearer(owner.token),
      payload: { priceId: `price_${planKey}_monthly`, amount: plan.amountCents, planName: plan.name },
    });
    expect(made.statusCode, made.body).toBe(200);
    const paid = await t.app.inject({
      method: 'POST',
      url: API.confirmLocalPayment,
      headers: bearer(owner.token),
      payload: { paymentIntentId: made.json().paymentIntentId, card: GOOD_CARD, billingName: 'Ada Owner' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
  }

  const periodsOf = (owner: Owner) =>
    t.database.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('user_id', '=', owner.uid)
      .where('status', '=', 'active')
      .orderBy('current_period_end')
      .execute();

  /** Every message in the outbox addressed to the owner. */
  async function mailTo(owner: Owner): Promise<ParsedMail[]> {
    const dir = path.join(t.config.dataDir, 'outbox');
    const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml'));
    const parsed = await Promise.all(names.map(async (n) => simpleParser(await readFile(path.join(dir, n)))));
    return parsed.filter((m) => m.to && !Array.isArray(m.to) && m.to.text === owner.email);
  }
  const subjects = async (owner: Owner) => (await mailTo(owner)).map((m) => m.subject).sort();
  /** Several sweeps go by at the clock's time. */
  const sweepsPass = () => new Promise((resolve) => setTimeout(resolve, SWEEP_MS * 8));

  it('sends a receipt with the amount, plan and period when a payment completes', async () => {
    const owner = await signIn(t, 'Rita', database.name);
    await pay(owner, 'pro');
    const [receipt] = await waitFor(
      () => mailTo(owner),
      (mails) => mails.length === 1,
    );
    const [period] = await periodsOf(owner);
    const longDate = (iso: string) =>
      new Intl.DateTimeFormat('en-CA', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
    expect(receipt!.subject).toBe('Your Vuxo receipt: Pro plan, $49.00 CAD');
    expect(receipt!.text).toContain('Plan: Pro');
    expect(receipt!.text).toContain(
      `Period: ${longDate(period!.current_period_start)} to ${longDate(period!.current_period_end!)}`,
    );
    expect(receipt!.text).toContain(period!.payment_id!);
  });

  it('sends "ends in 3 days" once 3 days before the end and "has ended" once at the end', async () => {
    const owner = await signIn(t, 'Enzo', database.name);
    await pay(owner, 'basic');
    await waitFor(
      () => mailTo(owner),
      (mails) => mails.length === 1,
    );
    const end = new Date((await periodsOf(owner))[0]!.current_period_end!).getTime();

    now = new Date(end - 3 * DAY_MS - 60_000);
    await sweepsPass();
    expect(await subjects(owner)).toEqual(['Your Vuxo receipt: Basic plan, $19.00 CAD']);

    now = new Date(end - 3 * DAY_MS + 60_000);
    const ending = await waitFor(
      () => mailTo(owner),
      (mails) => mails.some((m) => m.subject === 'Your Vuxo Basic plan ends in 3 days'),
    );
    const mail = ending.find((m) => m.subject === 'Your Vuxo Basic plan ends in 3 days')!;
    expect(mail.text).toContain(`${t.config.publicUrl}${ROUTES.plans}`);
    await sweepsPass();
    now = new Date(end - 2 * DAY_MS - 60_000);
    await sweepsPass();

    now = new Date(end + 60_000);
    await waitFor(
      () => mailTo(owner),
      (mails) => mails.some((m) => m.subject === 'Your Vuxo Basic plan has ended'),
    );
    await sweepsPass();
    now = new Date(end + DAY_MS);
    await sweepsPass();
    expect(await subjects(owner)).toEqual([
      'Your Vuxo Basic plan ends in 3 days',
      'Your Vuxo Basic plan has ended',
      'Your Vuxo receipt: Basic plan, $19.00 CAD',
    ]);
    const ended = (await mailTo(owner)).find((m) => m.subject === 'Your Vuxo Basic plan has ended')!;
    expect(ended.html).toContain(`href="${t.config.publicUrl}${ROUTES.plans}"`);
  });

  it('sends neither for a period the owner renewed', async () => {
    const owner = await signIn(t, 'Noor', database.name);
    await pay(owner, 'basic');
    await pay(owner, 'basic');
    await waitFor(
      () => mailTo(owner),
      (mails) => mails.length === 2,
    );
    const [first, renewal] = await periodsOf(owner);
    expect(renewal!.current_period_start).toBe(first!.current_period_end);
    const end = new Date(first!.current_period_end!).getTime();

    for (const at of [end - 3 * DAY_MS + 60_000, end - 2.5 * DAY_MS, end + 60_000, end + DAY_MS]) {
      now = new Date(at);
      await sweepsPass();
    }
    expect(await subjects(owner)).toEqual([
      'Your Vuxo receipt: Basic plan, $19.00 CAD',
      'Your Vuxo receipt: Basic plan, $19.00 CAD',
    ]);
  });
});
