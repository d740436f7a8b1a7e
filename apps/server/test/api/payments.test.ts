import { API, PAYMENT_MSG, PLANS } from '@vuxo/shared';
import { testDatabases } from '../support/databases.js';
import {
  createBot,
  deleteBot,
  listBots,
  planLimits,
  signIn,
  type Owner,
} from '../support/dashboard-owners.js';
import { bearer, startTestApp, type TestApp } from '../support/test-app.js';
import { BOT_STATUS } from '@vuxo/testkit';

const GOOD_CARD = {
  number: '4242424242424242',
  expMonth: 12,
  expYear: 2099,
  cvc: '123',
  postalCode: 'M5V 2T6',
};

describe.each(testDatabases())('paying for a plan in the local test mode ($name)', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ database, env: {} });
  });
  afterAll(() => t.close());

  const intent = (owner: Owner | null, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: API.createPaymentIntent,
      headers: owner ? bearer(owner.token) : {},
      payload,
    });
  const basic = { priceId: 'price_basic_monthly', amount: 1900, planName: 'Basic' };
  const confirm = (owner: Owner, paymentIntentId: string, card: Record<string, unknown> = GOOD_CARD) =>
    t.app.inject({
      method: 'POST',
      url: API.confirmLocalPayment,
      headers: bearer(owner.token),
      payload: { paymentIntentId, card, billingName: 'Ada Owner' },
    });

  it('needs a signed-in user, and prices the plan from the plan table, never from the client', async () => {
    expect((await intent(null, basic)).statusCode).toBe(401);
    const owner = await signIn(t, 'Tina', database.name);
    const tampered = await intent(owner, { ...basic, amount: 1 });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().error).toBe(PAYMENT_MSG.amountMismatch);
    for (const payload of [
      { ...basic, priceId: 'price_unknown' },
      { ...basic, planName: 'Pro' },
      { priceId: 'price_basic_monthly', amount: 0, planName: 'Free Trial' },
    ]) {
      const refused = await intent(owner, payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toBe(PAYMENT_MSG.unknownPlan);
    }
    expect((await intent(owner, { ...basic, amount: 'lots' })).statusCode).toBe(400);
    const payments = await t.database.db
      .selectFrom('payments')
      .selectAll()
      .where('user_id', '=', owner.uid)
      .execute();
    expect(payments).toEqual([]);
  });

  it("a declined card changes nothing; Stripe's test card then activates Basic for a month, once", async () => {
    const owner = await signIn(t, 'Paula', database.name);
    const made = await intent(owner, basic);
    expect(made.statusCode).toBe(200);
    const { paymentIntentId, clientSecret } = made.json();
    expect(paymentIntentId).toMatch(/^pi_local_/);
    expect(clientSecret).toMatch(new RegExp(`^${paymentIntentId}_secret_`));

    for (const [number, message] of [
      ['4000000000000002', 'Your card was declined.'],
      ['4000000000009995', 'Your card has insufficient funds.'],
      ['4242424242424241', 'Your card number is incorrect.'],
    ] as const) {
      const declined = await confirm(owner, paymentIntentId, { ...GOOD_CARD, number });
      expect(declined.statusCode).toBe(402);
      expect(declined.json().error).toBe(message);
    }
    const expired = await confirm(owner, paymentIntentId, { ...GOOD_CARD, expYear: 2001 });
    expect(expired.statusCode).toBe(402);
    expect((await planLimits(t, owner)).planName).toBe('Free Trial');

    const paid = await confirm(owner, paymentIntentId);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toEqual({ status: 'succeeded', planName: 'Basic' });
    expect(await planLimits(t, owner)).toMatchObject({ planName: 'Basic', limits: { maxBots: 3 } });
    const [subscription] = await t.database.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('user_id', '=', owner.uid)
      .execute();
    const start = new Date(subscription!.current_period_start);
    const end = new Date(subscription!.current_period_end!);
    expect(end.getUTCMonth()).toBe((start.getUTCMonth() + 1) % 12);

    const again = await confirm(owner, paymentIntentId);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(PAYMENT_MSG.alreadyPaid);
    const subscriptions = await t.database.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('user_id', '=', owner.uid)
      .execute();
    expect(subscriptions).toHaveLength(1);
  });

  it('a Free Trial owner stuck at one bot of one can delete it once Basic is paid (decision 101)', async () => {
    const owner = await signIn(t, 'Stella', database.name);
    const botId = await createBot(t, owner, 'Stuck Helper');
    expect((await deleteBot(t, owner, { botId })).statusCode).toBe(403);
    const { paymentIntentId } = (await intent(owner, basic)).json();
    expect((await confirm(owner, paymentIntentId)).statusCode).toBe(200);
    expect((await deleteBot(t, owner, { botId })).statusCode).toBe(200);
    expect(await planLimits(t, owner)).toMatchObject({ planName: 'Basic', limits: { currentBots: 0 } });
  });

  it('when the paid month ends, the Free Trial limits apply again and every bot is kept, the newer paused', async () => {
    const owner = await signIn(t, 'Ernie', database.name);
    const { paymentIntentId } = (await intent(owner, basic)).json();
    expect((await confirm(owner, paymentIntentId)).statusCode).toBe(200);
    const first = await createBot(t, owner, 'First Helper');
    const second = await createBot(t, owner, 'Second Helper');
    expect(await planLimits(t, owner)).toMatchObject({ planName: 'Basic', limits: { currentBots: 2 } });

    await t.database.db
      .updateTable('subscriptions')
      .set({ current_period_end: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', owner.uid)
      .execute();
    const lapsed = await planLimits(t, owner);
    expect(lapsed).toEqual({
      planName: PLANS.trial.name,
      limits: { currentBots: 2, maxBots: 1, documentMaxBytes: PLANS.trial.documentMaxBytes },
    });
    // Over the Free Trial's cap of one: the oldest answers, the other is paused (decision 032).
    const listed = await listBots(t, owner);
    expect(listed.map((bot) => [bot.botId, bot.paused])).toEqual([
      [second, true],
      [first, false],
    ]);
    const bots = await t.database.db
      .selectFrom('bots')
      .select('status')
      .where('user_id', '=', owner.uid)
      .execute();
    expect(bots.map((bot) => bot.status)).toEqual([BOT_STATUS.ready, BOT_STATUS.ready]);
  });

  it("cannot pay another owner's payment", async () => {
    const owner = await signIn(t, 'Olga', database.name);
    const other = await signIn(t, 'Otto', database.name);
    const { paymentIntentId } = (
      await intent(owner, {
        ...basic,
        priceId: 'price_pro_monthly',
        planName: 'Pro',
        amount: PLANS.pro.amountCents,
      })
    ).json();
    const stolen = await confirm(other, paymentIntentId);
    expect(stolen.statusCode).toBe(404);
    expect((await planLimits(t, other)).planName).toBe('Free Trial');
    expect((await planLimits(t, owner)).planName).toBe('Free Trial');
  });
});
