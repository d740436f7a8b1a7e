import type { Kysely, Transaction } from 'kysely';
import { PLANS, type Plan, type UserPlan } from '@vuxo/shared';
import type { Database } from '../db/schema.js';

/** "Unlimited" bots (Enterprise) as a number the client can compare with; a sanity cap. */
export const UNLIMITED_BOTS = 1000;

type Db = Kysely<Database> | Transaction<Database>;

/** The user's plan: an active, unexpired subscription, else the Free Trial (decisions, section 3). */
export async function currentPlan(db: Db, userId: string, now = new Date()): Promise<Plan> {
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
  return subscription ? PLANS[subscription.plan_key] : PLANS.trial;
}

export function maxBotsOf(plan: Plan): number {
  return plan.maxBots ?? UNLIMITED_BOTS;
}

/** Bots the user has that count against the cap: every bot not deleted. */
export async function countBots(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('bots')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '!=', 'deleted')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function plansService(db: Kysely<Database>) {
  return {
    async status(userId: string): Promise<UserPlan> {
      const [plan, currentBots] = await Promise.all([currentPlan(db, userId), countBots(db, userId)]);
      return { planName: plan.name, limits: { currentBots, maxBots: maxBotsOf(plan) } };
    },
  };
}
export type PlansService = ReturnType<typeof plansService>;
