import type { Kysely, Transaction } from 'kysely';
import { PLANS, type Plan, type PlanKey, type UserPlan } from '@vuxo/shared';
import { botsRepository } from '../db/bots-repository.js';
import type { Database } from '../db/schema.js';

/** "Unlimited" bots (Enterprise) as a number the client can compare with; a sanity cap. */
export const UNLIMITED_BOTS = 1000;

type Db = Kysely<Database> | Transaction<Database>;

/** The user's plan: an active, unexpired subscription, else the Free Trial. */
export async function currentPlan(db: Db, userId: string, now = new Date()): Promise<Plan> {
  return (await currentSubscription(db, userId, now)).plan;
}

type Period = { plan_key: PlanKey; current_period_start: string; current_period_end: string | null };

/** Where the run of back-to-back periods of `first`'s plan ends (null: a plan with no end). */
function chainEnd(periods: Period[], first: Period): string | null {
  let end = first.current_period_end;
  for (const p of periods) {
    if (end === null || p.plan_key !== first.plan_key || p.current_period_start > end) continue;
    if (p.current_period_end === null || p.current_period_end > end) end = p.current_period_end;
  }
  return end;
}

/**
 * The user's plan now and when its paid time ends (null on the Free Trial or a plan with no end), and the plan
 * queued after it: a cheaper plan bought while a dearer one runs starts only when that one ends (decision 033).
 */
async function currentSubscription(db: Db, userId: string, now = new Date()) {
  const periods = await db
    .selectFrom('subscriptions')
    .select(['plan_key', 'current_period_start', 'current_period_end'])
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .where((eb) =>
      eb.or([eb('current_period_end', 'is', null), eb('current_period_end', '>', now.toISOString())]),
    )
    .orderBy('current_period_start')
    .execute();
  const running = periods.filter((p) => p.current_period_start <= now.toISOString()).at(-1);
  if (!running) return { plan: PLANS.trial, endsAt: null, next: null };
  const endsAt = chainEnd(periods, running);
  const queued = endsAt
    ? periods.find((p) => p.plan_key !== running.plan_key && p.current_period_start >= endsAt)
    : undefined;
  const next = queued
    ? {
        planName: PLANS[queued.plan_key].name,
        startsAt: queued.current_period_start,
        endsAt: chainEnd(periods, queued),
      }
    : null;
  return { plan: PLANS[running.plan_key], endsAt, next };
}

export function maxBotsOf(plan: Plan): number {
  return plan.maxBots ?? UNLIMITED_BOTS;
}

export function plansService({ db }: { db: Kysely<Database> }) {
  return {
    /** The largest document this caller may upload: their plan's, or the Free Trial's before sign-in. */
    async documentMaxBytes(userId: string | null): Promise<number> {
      return userId ? (await currentPlan(db, userId)).documentMaxBytes : PLANS.trial.documentMaxBytes;
    },
    /** The most scanned pages (or photos) OCR reads in one of this caller's documents. */
    async ocrMaxPages(userId: string | null): Promise<number> {
      return userId ? (await currentPlan(db, userId)).ocrMaxPages : PLANS.trial.ocrMaxPages;
    },
    async status(userId: string): Promise<UserPlan> {
      const [{ plan, endsAt, next }, currentBots] = await Promise.all([
        currentSubscription(db, userId),
        botsRepository(db).countOf(userId),
      ]);
      return {
        planName: plan.name,
        limits: { currentBots, maxBots: maxBotsOf(plan), documentMaxBytes: plan.documentMaxBytes },
        ...(endsAt ? { activeUntil: endsAt } : {}),
        ...(next?.endsAt ? { nextPlan: { ...next, endsAt: next.endsAt } } : {}),
      };
    },
  };
}
export type PlansService = ReturnType<typeof plansService>;
