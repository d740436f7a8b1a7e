import type { Kysely, Transaction } from 'kysely';
import { PLANS, type CardPlanKey, type PlanChange } from '@vuxo/shared';
import type { Database } from '../db/schema.js';
import { newId } from '../ids.js';

type Db = Kysely<Database> | Transaction<Database>;

const DAY_MS = 24 * 60 * 60 * 1000;
/** A plan's daily price is its monthly price over this many days (decision 033). */
export const DAYS_PER_PRICED_MONTH = 30;

/** A paid period not yet over: running now or queued after another. */
interface OpenPeriod {
  id: string;
  planKey: CardPlanKey;
  start: Date;
  end: Date;
  paidCents: number;
}

/** What buying one month of a plan does to the owner's paid time, before and when the payment lands. */
interface PlannedChange {
  change: PlanChange;
  start: Date;
  end: Date;
  /** Lower-plan periods whose unused value becomes days of the plan bought. */
  credits: { id: string; cents: number }[];
}

const priceOf = (planKey: CardPlanKey) => PLANS[planKey].amountCents ?? 0;

async function openPeriods(db: Db, userId: string, now: Date): Promise<OpenPeriod[]> {
  const rows = await db
    .selectFrom('subscriptions')
    .leftJoin('payments', 'payments.id', 'subscriptions.payment_id')
    .select([
      'subscriptions.id',
      'subscriptions.plan_key',
      'subscriptions.current_period_start',
      'subscriptions.current_period_end',
      'payments.amount_cents',
    ])
    .where('subscriptions.user_id', '=', userId)
    .where('subscriptions.status', '=', 'active')
    .where('subscriptions.plan_key', 'in', ['basic', 'pro'])
    .where('subscriptions.current_period_end', '>', now.toISOString())
    .orderBy('subscriptions.current_period_start')
    .execute();
  return rows.map((row) => {
    const planKey = row.plan_key as CardPlanKey;
    return {
      id: row.id,
      planKey,
      start: new Date(row.current_period_start),
      end: new Date(row.current_period_end!),
      paidCents: row.amount_cents ?? priceOf(planKey),
    };
  });
}

/** The part of a period's price not yet used at `now`: all of it when the period has not started. */
function unusedCents(period: OpenPeriod, now: Date): number {
  const length = period.end.getTime() - period.start.getTime();
  const left = period.end.getTime() - Math.max(now.getTime(), period.start.getTime());
  return length > 0 ? Math.round((period.paidCents * left) / length) : 0;
}

/**
 * Buying a month of `planKey`: every open period of a cheaper plan is converted into days of it at its daily
 * price, and the month starts now or after the owner's other paid time (the same plan extends, a cheaper plan
 * waits for the dearer one to end). Nothing already paid is cancelled.
 */
export async function planChange(
  db: Db,
  userId: string,
  planKey: CardPlanKey,
  now = new Date(),
): Promise<PlannedChange> {
  const periods = await openPeriods(db, userId, now);
  const price = priceOf(planKey);
  const lower = periods.filter((p) => priceOf(p.planKey) < price);
  const kept = periods.filter((p) => priceOf(p.planKey) >= price);
  const credits = lower.map((p) => ({ id: p.id, cents: unusedCents(p, now) }));
  const creditCents = credits.reduce((sum, c) => sum + c.cents, 0);
  const creditMs = Math.round((creditCents / price) * DAYS_PER_PRICED_MONTH * DAY_MS);
  const start = new Date(Math.max(now.getTime(), ...kept.map((p) => p.end.getTime())));
  const end = new Date(oneMonthAfter(start).getTime() + creditMs);

  const running = periods.find((p) => p.start <= now);
  const runningEnd = running ? chainEnd(periods, running) : null;
  const kind =
    lower.length > 0
      ? 'upgrade'
      : !running
        ? 'new'
        : running.planKey === planKey && kept.every((p) => p.planKey === planKey)
          ? 'extend'
          : 'queued';
  return {
    start,
    end,
    credits,
    change: {
      kind,
      planName: PLANS[planKey].name,
      startsAt: start.toISOString(),
      endsAt: end.toISOString(),
      current:
        running && runningEnd
          ? { planName: PLANS[running.planKey].name, endsAt: runningEnd.toISOString() }
          : null,
      credited:
        lower.length > 0
          ? { planName: PLANS[lower[0]!.planKey].name, cents: creditCents, days: creditMs / DAY_MS }
          : null,
    },
  };
}

/** Where the run of back-to-back periods of `first`'s plan ends. */
function chainEnd(periods: OpenPeriod[], first: OpenPeriod): Date {
  let end = first.end;
  for (const p of periods) {
    if (p.planKey === first.planKey && p.start <= end && p.end > end) end = p.end;
  }
  return end;
}

/** Applies {@link planChange} for a payment that succeeded: one transaction, once per payment. */
export async function activatePlan(
  trx: Transaction<Database>,
  userId: string,
  planKey: CardPlanKey,
  paymentId: string,
): Promise<{ id: string; start: Date; end: Date }> {
  // A write to the owner's row first: on PostgreSQL it holds the row until commit, so two payments settling at
  // once for one owner read the open periods one after the other and never credit the same period twice
  // (SQLite runs one write transaction at a time).
  await trx.updateTable('users').set({ id: userId }).where('id', '=', userId).execute();
  const now = new Date();
  const { start, end, credits } = await planChange(trx, userId, planKey, now);
  const id = newId('sub');
  await trx
    .insertInto('subscriptions')
    .values({
      id,
      user_id: userId,
      plan_key: planKey,
      status: 'active',
      current_period_start: start.toISOString(),
      current_period_end: end.toISOString(),
      payment_id: paymentId,
      created_at: now.toISOString(),
    })
    .execute();
  for (const credit of credits) {
    await trx
      .updateTable('subscriptions')
      .set({ status: 'credited', credited_cents: credit.cents, credited_to: id })
      .where('id', '=', credit.id)
      .where('status', '=', 'active')
      .execute();
  }
  return { id, start, end };
}

/** The same day of the next month, or its last day when it is shorter (31 January → 28 or 29 February). */
export function oneMonthAfter(date: Date): Date {
  const next = new Date(date);
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return next;
}
