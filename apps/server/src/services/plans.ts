import type { Kysely, Transaction } from 'kysely';
import { PLANS, type Plan, type UserPlan } from '@vuxo/shared';
import { botsRepository } from '../db/bots-repository.js';
import type { Database } from '../db/schema.js';

/** "Unlimited" bots (Enterprise) as a number the client can compare with; a sanity cap. */
export const UNLIMITED_BOTS = 1000;

type Db = Kysely<Database> | Transaction<Database>;

/** The user's plan: an active, unexpired subscription, else the Free Trial. */
export async function currentPlan(db: Db, userId: string, now = new Date()): Promise<Plan> {
  return (await currentSubscription(db, userId, now)).plan;
}

/** The user's plan and when its paid time ends (null on the Free Trial or a plan with no end). */
async function currentSubscription(db: Db, userId: string, now = new Date()) {
  const subscription = await db
    .selectFrom('subscriptions')
    .select(['plan_key', 'current_period_end'])
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .where((eb) =>
      eb.or([eb('current_period_end', 'is', null), eb('current_period_end', '>', now.toISOString())]),
    )
    .orderBy('current_period_start', 'desc')
    .executeTakeFirst();
  if (!subscription) return { plan: PLANS.trial, endsAt: null };
  // Paid again before the month ends, the plan runs on to the end of the latest month.
  const latestEnd = await db
    .selectFrom('subscriptions')
    .select((eb) => eb.fn.max('current_period_end').as('end'))
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .where('plan_key', '=', subscription.plan_key)
    .executeTakeFirst();
  return { plan: PLANS[subscription.plan_key], endsAt: latestEnd?.end ?? subscription.current_period_end };
}

export function maxBotsOf(plan: Plan): number {
  return plan.maxBots ?? UNLIMITED_BOTS;
}

export function plansService(db: Kysely<Database>) {
  return {
    /** The largest document this caller may upload: their plan's, or the Free Trial's before sign-in. */
    async documentMaxBytes(userId: string | null): Promise<number> {
      return userId ? (await currentPlan(db, userId)).documentMaxBytes : PLANS.trial.documentMaxBytes;
    },
    async status(userId: string): Promise<UserPlan> {
      const [{ plan, endsAt }, currentBots] = await Promise.all([
        currentSubscription(db, userId),
        botsRepository(db).countOf(userId),
      ]);
      return {
        planName: plan.name,
        limits: { currentBots, maxBots: maxBotsOf(plan), documentMaxBytes: plan.documentMaxBytes },
        ...(endsAt ? { activeUntil: endsAt } : {}),
      };
    },
  };
}
export type PlansService = ReturnType<typeof plansService>;
