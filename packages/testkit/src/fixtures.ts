import type { Kysely } from 'kysely';
import type { PlanKey } from '@vuxo/shared';
import type { Database } from '../../../apps/server/src/db/schema.ts';

/**
 * Data no route makes, written through the server's own typed schema: a paid plan without a card payment (the
 * payment flow has its own tests). Returns when the plan ends.
 */
export async function subscribe(
  db: Kysely<Database>,
  userId: string,
  planKey: PlanKey = 'basic',
  days = 30,
): Promise<string> {
  const now = new Date();
  const periodEnd = new Date(now.getTime() + days * 86_400_000).toISOString();
  await db
    .insertInto('subscriptions')
    .values({
      id: `sub_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`,
      user_id: userId,
      plan_key: planKey,
      status: 'active',
      current_period_start: now.toISOString(),
      current_period_end: periodEnd,
      payment_id: null,
      created_at: now.toISOString(),
    })
    .execute();
  return periodEnd;
}
