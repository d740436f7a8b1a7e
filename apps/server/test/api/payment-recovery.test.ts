import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { API, PLANS } from '@vuxo/shared';
import { createDatabase, type DatabaseHandle } from '../../src/db/database.js';
import { serverProcess } from '../support/server-process.js';

const WEBHOOK_SECRET = 'whsec_test_recovery';
const PAYMENTS = 40;
const signer = new Stripe('sk_test_signer');

/** The succeeded event of payment `i`, signed as Stripe signs a delivery. */
function succeeded(i: number) {
  const payload = JSON.stringify({
    id: `evt_recovery_${i}`,
    object: 'event',
    api_version: '2025-01-27.acacia',
    created: Math.floor(Date.now() / 1000),
    type: 'payment_intent.succeeded',
    data: {
      object: {
        id: `pi_recovery_${i}`,
        object: 'payment_intent',
        amount: PLANS.basic.amountCents,
        amount_received: PLANS.basic.amountCents,
        currency: 'cad',
        metadata: { userId: `user_recovery_${i}`, planKey: 'basic' },
        status: 'succeeded',
      },
    },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  });
  return { payload, header: signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) };
}

describe('a payment survives the server being killed between payment and activation', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vuxo-payment-recovery-'));
  const server = serverProcess(dataDir, {
    STRIPE_SECRET_KEY: 'sk_test_recovery',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_recovery',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  });
  let database: DatabaseHandle;

  afterAll(async () => {
    await server.kill();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Delivers one event; resolves with the status, or null when the connection died with the server. */
  const deliver = (i: number) => {
    const { payload, header } = succeeded(i);
    return fetch(`${server.base}${API.stripeWebhook}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      body: payload,
    }).then(
      (res) => res.status,
      () => null,
    );
  };

  it('keeps every acknowledged activation, and redelivery applies each payment exactly once', async () => {
    await server.start();
    database = createDatabase({ dataDir });
    const { db } = database;
    const now = new Date().toISOString();
    for (let i = 0; i < PAYMENTS; i++) {
      await db
        .insertInto('users')
        .values({
          id: `user_recovery_${i}`,
          email: `payer${i}@example.com`,
          display_name: `Payer ${i}`,
          email_verified: 1,
          created_at: now,
          last_seen_at: now,
        })
        .execute();
      await db
        .insertInto('payments')
        .values({
          id: `pay_recovery_${i}`,
          user_id: `user_recovery_${i}`,
          provider: 'stripe',
          provider_payment_id: `pi_recovery_${i}`,
          plan_key: 'basic',
          amount_cents: PLANS.basic.amountCents!,
          currency: 'cad',
          status: 'requires_payment',
          created_at: now,
          updated_at: now,
        })
        .execute();
    }

    // Stripe delivers the events while the server dies: some are acknowledged, the rest fail mid-way.
    const burst = Array.from({ length: PAYMENTS }, (_, i) => deliver(i));
    const acknowledged = new Set<number>();
    burst.forEach((status, i) => void status.then((s) => s === 200 && acknowledged.add(i)));
    while (acknowledged.size < 3) await new Promise((resolve) => setTimeout(resolve, 5));
    await server.kill();
    const firstRound = await Promise.all(burst);
    expect(firstRound.every((status) => status === 200 || status === null)).toBe(true);
    expect(
      firstRound.some((status) => status === null),
      'the kill landed mid-burst',
    ).toBe(true);

    const subscriptionsOf = (userId: string) =>
      db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).execute();
    for (let i = 0; i < PAYMENTS; i++) {
      const payment = await db
        .selectFrom('payments')
        .selectAll()
        .where('id', '=', `pay_recovery_${i}`)
        .executeTakeFirstOrThrow();
      const subscriptions = await subscriptionsOf(`user_recovery_${i}`);
      // All or nothing: a settled payment has its month, an unsettled one has none.
      expect(subscriptions.length, `payment ${i}`).toBe(payment.status === 'succeeded' ? 1 : 0);
      if (acknowledged.has(i)) expect(payment.status, `acknowledged payment ${i}`).toBe('succeeded');
    }

    // Stripe retries every delivery that was not acknowledged, and may repeat those that were.
    await server.start();
    const secondRound = await Promise.all(Array.from({ length: PAYMENTS }, (_, i) => deliver(i)));
    expect(secondRound.every((status) => status === 200)).toBe(true);
    for (let i = 0; i < PAYMENTS; i++) {
      const subscriptions = await subscriptionsOf(`user_recovery_${i}`);
      expect(subscriptions, `payment ${i}`).toHaveLength(1);
      expect(subscriptions[0]).toMatchObject({
        plan_key: 'basic',
        status: 'active',
        payment_id: `pay_recovery_${i}`,
      });
    }
    const events = await db.selectFrom('payment_events').selectAll().execute();
    expect(events).toHaveLength(PAYMENTS);
    const settled = await db.selectFrom('payments').selectAll().where('status', '=', 'succeeded').execute();
    expect(settled).toHaveLength(PAYMENTS);
  }, 180_000);
});
