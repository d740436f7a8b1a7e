import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { API } from '@vuxo/shared';
import { testDatabases } from '../support/databases.js';
import { planLimits, signIn, type Owner } from '../support/dashboard-owners.js';
import { bearer, startTestApp, type TestApp } from '../support/test-app.js';

const WEBHOOK_SECRET = 'whsec_test_local';
const STRIPE_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_local',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_local',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
};

interface StripeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  client_secret: string;
  description: string;
  metadata: Record<string, string>;
  status: string;
}

/**
 * Stripe's API as the SDK speaks to it, for payment intents: form-encoded requests, an idempotency key that
 * gives back the same intent, and the documented PaymentIntent object.
 */
async function fakeStripe() {
  const intents = new Map<string, StripeIntent>();
  const requests: { path: string; idempotencyKey: string | undefined; authorization: string | undefined }[] =
    [];
  const readBody = async (req: IncomingMessage) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    return new URLSearchParams(body);
  };
  const server: Server = createServer(async (req, res) => {
    const form = await readBody(req);
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    requests.push({ path: req.url ?? '', idempotencyKey, authorization: req.headers.authorization });
    if (req.method !== 'POST' || req.url !== '/v1/payment_intents') {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } }),
      );
      return;
    }
    const known = idempotencyKey ? intents.get(idempotencyKey) : undefined;
    const id = known?.id ?? `pi_test_${intents.size + 1}`;
    const intent: StripeIntent = known ?? {
      id,
      object: 'payment_intent',
      amount: Number(form.get('amount')),
      amount_received: 0,
      currency: form.get('currency') ?? '',
      client_secret: `${id}_secret_test`,
      description: form.get('description') ?? '',
      metadata: { userId: form.get('metadata[userId]') ?? '', planKey: form.get('metadata[planKey]') ?? '' },
      status: 'requires_payment_method',
    };
    if (idempotencyKey) intents.set(idempotencyKey, intent);
    res.writeHead(200, { 'content-type': 'application/json', 'request-id': `req_${intents.size}` });
    res.end(JSON.stringify(intent));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: new URL(`http://127.0.0.1:${port}`),
    requests,
    intentOf: (id: string) => [...intents.values()].find((intent) => intent.id === id)!,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const signer = new Stripe('sk_test_signer');

/** A webhook delivery as Stripe sends it: the event's JSON and its `Stripe-Signature` header. */
function delivery(event: object, options: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify(event);
  const header = signer.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    ...(options.timestamp ? { timestamp: options.timestamp } : {}),
  });
  return { payload, header };
}

function intentEvent(id: string, type: string, intent: StripeIntent) {
  return {
    id,
    object: 'event',
    api_version: '2025-01-27.acacia',
    created: Math.floor(Date.now() / 1000),
    type,
    data: { object: { ...intent, status: 'succeeded', amount_received: intent.amount } },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  };
}

describe.each(testDatabases())('paying through Stripe ($name)', (database) => {
  let t: TestApp;
  let stripe: Awaited<ReturnType<typeof fakeStripe>>;
  beforeAll(async () => {
    stripe = await fakeStripe();
    t = await startTestApp({ database, env: STRIPE_ENV, deps: { stripeApiBase: stripe.url } });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  const payBasic = async (owner: Owner) => {
    const res = await t.app.inject({
      method: 'POST',
      url: API.createPaymentIntent,
      headers: bearer(owner.token),
      payload: { priceId: 'price_basic_monthly', amount: 1900, planName: 'Basic' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { clientSecret: string; paymentIntentId: string };
  };
  const post = (payload: string, header?: string) =>
    t.app.inject({
      method: 'POST',
      url: API.stripeWebhook,
      headers: { 'content-type': 'application/json', ...(header ? { 'stripe-signature': header } : {}) },
      payload,
    });

  it("creates the intent at Stripe with the plan table's amount, the owner and the plan, idempotently", async () => {
    const owner = await signIn(t, 'Sam', database.name);
    const { clientSecret, paymentIntentId } = await payBasic(owner);
    const intent = stripe.intentOf(paymentIntentId);
    expect(clientSecret).toBe(intent.client_secret);
    expect(intent).toMatchObject({
      amount: 1900,
      currency: 'cad',
      metadata: { userId: owner.uid, planKey: 'basic' },
    });
    const call = stripe.requests.at(-1)!;
    expect(call.authorization).toBe('Bearer sk_test_local');
    expect(call.idempotencyKey).toMatch(/^pay_/);
    expect(t.app.printRoutes()).not.toContain('local-payments');
  });

  it('refuses an unsigned, forged, modified or stale webhook, and applies nothing', async () => {
    const owner = await signIn(t, 'Fred', database.name);
    const { paymentIntentId } = await payBasic(owner);
    const event = intentEvent('evt_forged', 'payment_intent.succeeded', stripe.intentOf(paymentIntentId));
    const signed = delivery(event);
    const refusals = [
      post(signed.payload),
      post(signed.payload, delivery(event, { secret: 'whsec_someone_else' }).header),
      post(signed.payload.replace('"amount":1900', '"amount":1901'), signed.header),
      post(signed.payload, delivery(event, { timestamp: Math.floor(Date.now() / 1000) - 3600 }).header),
    ];
    for (const res of await Promise.all(refusals)) expect(res.statusCode).toBe(400);
    expect((await planLimits(t, owner)).planName).toBe('Free Trial');
  });

  it('refuses a webhook signed more than five minutes in the future, and takes a little clock skew', async () => {
    const owner = await signIn(t, 'Fay', database.name);
    const { paymentIntentId } = await payBasic(owner);
    const event = intentEvent('evt_future', 'payment_intent.succeeded', stripe.intentOf(paymentIntentId));
    const now = Math.floor(Date.now() / 1000);
    const future = delivery(event, { timestamp: now + 3600 });
    expect((await post(future.payload, future.header)).statusCode).toBe(400);
    expect((await planLimits(t, owner)).planName).toBe('Free Trial');

    const skewed = delivery(event, { timestamp: now + 60 });
    expect((await post(skewed.payload, skewed.header)).statusCode).toBe(200);
    expect((await planLimits(t, owner)).planName).toBe('Basic');
  });

  it('activates the plan on a signed success, once however often the event is delivered', async () => {
    const owner = await signIn(t, 'Gina', database.name);
    const { paymentIntentId } = await payBasic(owner);
    const event = intentEvent('evt_success_1', 'payment_intent.succeeded', stripe.intentOf(paymentIntentId));
    const { payload, header } = delivery(event);
    const first = await post(payload, header);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true });
    expect((await post(payload, header)).statusCode).toBe(200);
    // The same payment in a second event (Stripe may send one again under a new id) applies nothing more.
    const again = delivery({ ...event, id: 'evt_success_2' });
    expect((await post(again.payload, again.header)).statusCode).toBe(200);
    expect(await planLimits(t, owner)).toMatchObject({ planName: 'Basic', limits: { maxBots: 3 } });
    const subscriptions = await t.database.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('user_id', '=', owner.uid)
      .execute();
    expect(subscriptions).toHaveLength(1);
  });

  it('Basic paid through Stripe while Pro runs waits for Pro to end; nothing of Pro is cancelled', async () => {
    const owner = await signIn(t, 'Hana', database.name);
    const pro = await t.app.inject({
      method: 'POST',
      url: API.createPaymentIntent,
      headers: bearer(owner.token),
      payload: { priceId: 'price_pro_monthly', amount: 4900, planName: 'Pro' },
    });
    expect(pro.statusCode, pro.body).toBe(200);
    for (const [eventId, intentId] of [
      ['evt_change_pro', pro.json().paymentIntentId as string],
      ['evt_change_basic', (await payBasic(owner)).paymentIntentId],
    ]) {
      const { payload, header } = delivery(
        intentEvent(eventId!, 'payment_intent.succeeded', stripe.intentOf(intentId!)),
      );
      expect((await post(payload, header)).statusCode).toBe(200);
    }
    const periods = await t.database.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('user_id', '=', owner.uid)
      .orderBy('current_period_start')
      .execute();
    expect(periods.map((p) => [p.plan_key, p.status])).toEqual([
      ['pro', 'active'],
      ['basic', 'active'],
    ]);
    expect(periods[1]!.current_period_start).toBe(periods[0]!.current_period_end);
    expect(await planLimits(t, owner)).toMatchObject({
      planName: 'Pro',
      activeUntil: periods[0]!.current_period_end,
      nextPlan: { planName: 'Basic', startsAt: periods[0]!.current_period_end },
    });
  });

  it("ignores a success whose owner, plan or amount is not the payment's, and other events", async () => {
    const owner = await signIn(t, 'Hugo', database.name);
    const other = await signIn(t, 'Iris', database.name);
    const { paymentIntentId } = await payBasic(owner);
    const intent = stripe.intentOf(paymentIntentId);
    const tampered = [
      { ...intent, metadata: { ...intent.metadata, userId: other.uid } },
      { ...intent, metadata: { ...intent.metadata, planKey: 'pro' } },
      { ...intent, amount: 100 },
    ];
    for (const [i, object] of tampered.entries()) {
      const { payload, header } = delivery(
        intentEvent(`evt_tampered_${i}`, 'payment_intent.succeeded', object),
      );
      expect((await post(payload, header)).statusCode).toBe(200);
    }
    const other_ = delivery(intentEvent('evt_created', 'payment_intent.created', intent));
    expect((await post(other_.payload, other_.header)).statusCode).toBe(200);
    expect((await planLimits(t, owner)).planName).toBe('Free Trial');
    expect((await planLimits(t, other)).planName).toBe('Free Trial');
  });
});
