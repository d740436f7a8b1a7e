import { createElement } from 'react';
import type { Kysely, Transaction } from 'kysely';
import { PLANS, ROUTES, type CardPlanKey } from '@vuxo/shared';
import type { Database } from '../../db/schema.js';
import { PlanEndedMail, PlanEndingMail, ReceiptMail } from './messages/plan-mails.js';
import type { NewEmail, Outbox } from './outbox.js';

const DAY_MS = 86_400_000;
/** "Ends in 3 days" goes while the end is 2 to 3 days away, so the hourly sweep meets it once. */
const ENDING_FROM_MS = 3 * DAY_MS;
const ENDING_UNTIL_MS = 2 * DAY_MS;
/** "Has ended" goes for a period that ended in the last 3 days; older ones (say, after an outage) stay quiet. */
const ENDED_WITHIN_MS = 3 * DAY_MS;

const longDate = new Intl.DateTimeFormat('en-CA', { dateStyle: 'long', timeZone: 'UTC' });
const day = (iso: string | Date) => longDate.format(new Date(iso));

export function moneyText(cents: number, currency: string): string {
  const amount = new Intl.NumberFormat('en-CA', { style: 'currency', currency }).format(cents / 100);
  return `${amount} ${currency.toUpperCase()}`;
}

export interface Receipt {
  userId: string;
  planKey: CardPlanKey;
  paymentId: string;
  amountCents: number;
  currency: string;
  periodStart: Date;
  periodEnd: Date;
}

interface PlanMailsDeps {
  db: Kysely<Database>;
  mail: Outbox;
  publicUrl: string;
  /** The sweep's time; tests move it. */
  now: () => Date;
}

/**
 * The owner's plan mail (issue 32): a receipt when a payment lands, "ends in 3 days" and "has ended" for a
 * paid period with nothing after it. Each goes once (the email's dedupe key); a period the owner renewed,
 * or replaced with a dearer plan, gets neither.
 */
export function planMails(deps: PlanMailsDeps) {
  const { db, mail } = deps;
  const renewUrl = `${deps.publicUrl}${ROUTES.plans}`;

  /** Active paid periods ending in (from, until] with no later active period of the owner's after them. */
  function lastPeriodsEnding(from: Date, until: Date) {
    return db
      .selectFrom('subscriptions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['s.id', 's.user_id', 's.plan_key', 's.current_period_end', 'u.email'])
      .where('s.status', '=', 'active')
      .where('s.plan_key', 'in', ['basic', 'pro'])
      .where('s.current_period_end', '>', from.toISOString())
      .where('s.current_period_end', '<=', until.toISOString())
      .where('u.email', 'is not', null)
      .where(({ not, exists, selectFrom, eb }) =>
        not(
          exists(
            selectFrom('subscriptions as later')
              .select('later.id')
              .whereRef('later.user_id', '=', 's.user_id')
              .whereRef('later.id', '!=', 's.id')
              .where('later.status', '=', 'active')
              .where('later.plan_key', '!=', 'trial')
              .where((inner) =>
                inner.or([
                  inner('later.current_period_end', 'is', null),
                  inner('later.current_period_end', '>', eb.ref('s.current_period_end')),
                ]),
              ),
          ),
        ),
      )
      .execute();
  }

  async function unsent(keys: string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const sent = await db.selectFrom('emails').select('dedupe_key').where('dedupe_key', 'in', keys).execute();
    const used = new Set(sent.map((row) => row.dedupe_key));
    return new Set(keys.filter((key) => !used.has(key)));
  }

  async function sendEach(
    rows: Awaited<ReturnType<typeof lastPeriodsEnding>>,
    keyOf: (id: string) => string,
    message: (row: (typeof rows)[number]) => Omit<NewEmail, 'dedupeKey' | 'to' | 'userId'>,
  ): Promise<number> {
    const fresh = await unsent(rows.map((row) => keyOf(row.id)));
    let queued = 0;
    for (const row of rows) {
      if (!fresh.has(keyOf(row.id))) continue;
      const id = await mail.send({
        ...message(row),
        to: row.email!,
        userId: row.user_id,
        dedupeKey: keyOf(row.id),
      });
      if (id) queued += 1;
    }
    return queued;
  }

  return {
    /** The hourly sweep's part: queues the plan-ending and plan-ended mail now due; returns how many. */
    async sweep(): Promise<number> {
      const now = deps.now().getTime();
      const ending = await lastPeriodsEnding(new Date(now + ENDING_UNTIL_MS), new Date(now + ENDING_FROM_MS));
      const ended = await lastPeriodsEnding(new Date(now - ENDED_WITHIN_MS), new Date(now));
      const planName = (key: string) => PLANS[key as CardPlanKey].name;
      const endingCount = await sendEach(
        ending,
        (id) => `plan-ending:${id}`,
        (row) => ({
          kind: 'plan-ending',
          subject: `Your Vuxo ${planName(row.plan_key)} plan ends in 3 days`,
          body: createElement(PlanEndingMail, {
            planName: planName(row.plan_key),
            endsOn: day(row.current_period_end!),
            renewUrl,
          }),
        }),
      );
      const endedCount = await sendEach(
        ended,
        (id) => `plan-ended:${id}`,
        (row) => ({
          kind: 'plan-ended',
          subject: `Your Vuxo ${planName(row.plan_key)} plan has ended`,
          body: createElement(PlanEndedMail, {
            planName: planName(row.plan_key),
            endedOn: day(row.current_period_end!),
            renewUrl,
          }),
        }),
      );
      return endingCount + endedCount;
    },

    /**
     * Queues the receipt in the payment's own transaction, so it exists exactly when the payment settled; the
     * caller wakes the mail worker once that commits.
     */
    async queueReceipt(trx: Transaction<Database>, receipt: Receipt): Promise<void> {
      const user = await trx
        .selectFrom('users')
        .select('email')
        .where('id', '=', receipt.userId)
        .executeTakeFirst();
      if (!user?.email) return;
      const plan = PLANS[receipt.planKey];
      const prepared = await mail.prepare({
        kind: 'payment-receipt',
        to: user.email,
        subject: `Your Vuxo receipt: ${plan.name} plan, ${moneyText(receipt.amountCents, receipt.currency)}`,
        userId: receipt.userId,
        dedupeKey: `receipt:${receipt.paymentId}`,
        body: createElement(ReceiptMail, {
          planName: plan.name,
          amount: moneyText(receipt.amountCents, receipt.currency),
          periodStart: day(receipt.periodStart),
          periodEnd: day(receipt.periodEnd),
          paymentId: receipt.paymentId,
        }),
      });
      await mail.queue(prepared, trx);
    },
    wake: () => mail.wake(),
  };
}
export type PlanMails = ReturnType<typeof planMails>;
