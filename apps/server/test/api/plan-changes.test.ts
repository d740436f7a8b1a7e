import { API, PLANS, planChangeSchema, type CardPlanKey } from '@vuxo/shared';
import { testDatabases } from '../support/databases.js';
import { planLimits, signIn, type Owner } from '../support/dashboard-owners.js';
import { bearer, startTestApp, type TestApp } from '../support/test-app.js';
import { oneMonthAfter } from '../../src/services/plan-changes.js';

const GOOD_CARD = {
  number: '4242424242424242',
  expMonth: 12,
  expYear: 2099,
  cvc: '123',
  postalCode: 'M5V 2T6',
};
const DAY_MS = 86_400_000;

describe.each(testDatabases())('changing plans keeps paid time ($name)', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ database, env: {} });
  });
  afterAll(() => t.close());

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

  async function preview(owner: Owner, planKey: CardPlanKey) {
    const res = await t.app.inject({
      method: 'GET',
      url: `${API.planChange}?plan=${planKey}`,
      headers: bearer(owner.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return planChangeSchema.parse(res.json());
  }

  const periodsOf = (owner: Owner) =>
    t.database.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('user_id', '=', owner.uid)
      .orderBy('current_period_start')
      .orderBy('created_at')
      .execute();

  /** Moves every period of the owner `ms` into the past, as if that time had gone by. */
  async function travel(owner: Owner, ms: number) {
    for (const p of await periodsOf(owner)) {
      await t.database.db
        .updateTable('subscriptions')
        .set({
          current_period_start: new Date(Date.parse(p.current_period_start) - ms).toISOString(),
          current_period_end: new Date(Date.parse(p.current_period_end!) - ms).toISOString(),
        })
        .where('id', '=', p.id)
        .execute();
    }
  }

  it('needs a signed-in owner and a card plan', async () => {
    const noOne = await t.app.inject({ method: 'GET', url: `${API.planChange}?plan=pro` });
    expect(noOne.statusCode).toBe(401);
    const owner = await signIn(t, 'Quinn', database.name);
    for (const plan of ['enterprise', 'trial', '']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${API.planChange}?plan=${plan}`,
        headers: bearer(owner.token),
      });
      expect(res.statusCode).toBe(400);
    }
    expect(await preview(owner, 'basic')).toMatchObject({ kind: 'new', current: null, credited: null });
  });

  it('Basic bought while Pro runs waits for Pro to end, and each plan applies in its own time', async () => {
    const owner = await signIn(t, 'Dana', database.name);
    await pay(owner, 'pro');
    const [pro] = await periodsOf(owner);
    const proEnd = pro!.current_period_end!;

    const told = await preview(owner, 'basic');
    expect(told).toMatchObject({
      kind: 'queued',
      planName: 'Basic',
      startsAt: proEnd,
      endsAt: oneMonthAfter(new Date(proEnd)).toISOString(),
      current: { planName: 'Pro', endsAt: proEnd },
      credited: null,
    });

    await pay(owner, 'basic');
    const periods = await periodsOf(owner);
    expect(periods.map((p) => [p.plan_key, p.status])).toEqual([
      ['pro', 'active'],
      ['basic', 'active'],
    ]);
    expect(periods[0]!.current_period_end).toBe(proEnd);
    expect(periods[1]).toMatchObject({ current_period_start: proEnd, current_period_end: told.endsAt });

    expect(await planLimits(t, owner)).toMatchObject({
      planName: 'Pro',
      limits: { maxBots: PLANS.pro.maxBots, documentMaxBytes: PLANS.pro.documentMaxBytes },
      activeUntil: proEnd,
      nextPlan: { planName: 'Basic', startsAt: proEnd, endsAt: told.endsAt },
    });

    // Once Pro's paid time is over, Basic is the plan, and its caps apply.
    await travel(owner, Date.parse(proEnd) - Date.now() + DAY_MS);
    const later = await planLimits(t, owner);
    expect(later).toMatchObject({
      planName: 'Basic',
      limits: { maxBots: PLANS.basic.maxBots, documentMaxBytes: PLANS.basic.documentMaxBytes },
    });
    expect(later.nextPlan).toBeUndefined();
  });

  it('Pro bought over three prepaid Basic months starts now with all their unused value as extra days', async () => {
    const owner = await signIn(t, 'Ravi', database.name);
    for (let month = 0; month < 3; month += 1) await pay(owner, 'basic');
    await travel(owner, 10 * DAY_MS);
    const basics = await periodsOf(owner);
    expect(basics.map((p) => p.plan_key)).toEqual(['basic', 'basic', 'basic']);
    const first = basics[0]!;
    const firstLength = Date.parse(first.current_period_end!) - Date.parse(first.current_period_start);
    const firstUnused = (1900 * (Date.parse(first.current_period_end!) - Date.now())) / firstLength;
    const expectedCents = firstUnused + 2 * 1900;

    const told = await preview(owner, 'pro');
    expect(told).toMatchObject({ kind: 'upgrade', planName: 'Pro', current: { planName: 'Basic' } });
    expect(told.credited!.planName).toBe('Basic');
    expect(Math.abs(told.credited!.cents - expectedCents)).toBeLessThanOrEqual(2);
    expect(told.credited!.days).toBeCloseTo((told.credited!.cents / 4900) * 30, 3);

    const before = Date.now();
    await pay(owner, 'pro');
    const periods = await periodsOf(owner);
    const pro = periods.find((p) => p.plan_key === 'pro')!;
    const start = Date.parse(pro.current_period_start);
    expect(start).toBeGreaterThanOrEqual(before - 1000);
    expect(start).toBeLessThanOrEqual(Date.now());

    // Every Basic month is kept on record as credited to Pro, none cancelled; Pro's end adds their value.
    const credited = periods.filter((p) => p.plan_key === 'basic');
    expect(credited).toHaveLength(3);
    for (const p of credited) expect(p).toMatchObject({ status: 'credited', credited_to: pro.id });
    expect(credited.slice(1).map((p) => p.credited_cents)).toEqual([1900, 1900]);
    const cents = credited.reduce((sum, p) => sum + p.credited_cents!, 0);
    expect(Math.abs(cents - expectedCents)).toBeLessThanOrEqual(2);
    const extraMs = Date.parse(pro.current_period_end!) - oneMonthAfter(new Date(start)).getTime();
    expect(Math.abs(extraMs - (cents / 4900) * 30 * DAY_MS)).toBeLessThan(1000);
    expect(extraMs).toBeGreaterThan(25 * DAY_MS);
    expect(Math.abs(Date.parse(pro.current_period_end!) - Date.parse(told.endsAt))).toBeLessThan(60_000);

    expect(await planLimits(t, owner)).toMatchObject({
      planName: 'Pro',
      limits: { maxBots: PLANS.pro.maxBots },
      activeUntil: pro.current_period_end,
    });
  });

  it('Pro bought again while Basic is queued after Pro extends Pro and credits the queued Basic', async () => {
    const owner = await signIn(t, 'Mina', database.name);
    await pay(owner, 'pro');
    await pay(owner, 'basic');
    const [firstPro, queued] = await periodsOf(owner);
    const told = await preview(owner, 'pro');
    expect(told).toMatchObject({
      kind: 'upgrade',
      startsAt: firstPro!.current_period_end,
      credited: { planName: 'Basic', cents: 1900 },
    });
    await pay(owner, 'pro');
    const periods = await periodsOf(owner);
    const second = periods.find((p) => p.plan_key === 'pro' && p.id !== firstPro!.id)!;
    expect(second.current_period_start).toBe(firstPro!.current_period_end);
    expect(periods.find((p) => p.id === queued!.id)).toMatchObject({
      status: 'credited',
      credited_cents: 1900,
      credited_to: second.id,
    });
    expect(await planLimits(t, owner)).toMatchObject({
      planName: 'Pro',
      activeUntil: second.current_period_end,
    });
  });

  it('Basic bought again extends Basic, as before', async () => {
    const owner = await signIn(t, 'Lior', database.name);
    await pay(owner, 'basic');
    const [basic] = await periodsOf(owner);
    expect(await preview(owner, 'basic')).toMatchObject({
      kind: 'extend',
      startsAt: basic!.current_period_end,
      current: { planName: 'Basic', endsAt: basic!.current_period_end },
    });
    await pay(owner, 'basic');
    const periods = await periodsOf(owner);
    expect(periods.map((p) => p.status)).toEqual(['active', 'active']);
    expect(periods[1]!.current_period_start).toBe(basic!.current_period_end);
    expect((await planLimits(t, owner)).activeUntil).toBe(periods[1]!.current_period_end);
  });
});
