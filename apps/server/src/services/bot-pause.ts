import type { Kysely, Transaction } from 'kysely';
import { PLANS } from '@vuxo/shared';
import type { Database } from '../db/schema.js';
import { currentPlan, maxBotsOf } from './plans.js';

/**
 * Bots over the plan's cap (decision 032): the owner's bots in the order they stay live in (see `botsAhead`),
 * the first N live, N the plan's cap at this moment. Computed per request, so a plan that ends by time, a
 * renewal or a deletion changes which bots answer at once.
 */

/** Every plan allows at least this many bots: a bot with fewer ahead of it is live without reading the plan. */
const FEWEST_BOTS = Math.min(...Object.values(PLANS).map(maxBotsOf));

/** For each of one owner's bots, by its `botsAhead`: true when it is paused (the plan is read at most once). */
export async function pausedOf(
  db: Kysely<Database> | Transaction<Database>,
  ownerId: string,
  botsAhead: (number | string)[],
): Promise<boolean[]> {
  const ahead = botsAhead.map(Number);
  if (ahead.every((n) => n < FEWEST_BOTS)) return ahead.map(() => false);
  const cap = maxBotsOf(await currentPlan(db, ownerId));
  return ahead.map((n) => n >= cap);
}

/** True when a bot with `botsAhead` of its owner's bots before it is past the owner's plan's cap. */
export async function isPaused(
  db: Kysely<Database> | Transaction<Database>,
  ownerId: string,
  botsAhead: number | string,
): Promise<boolean> {
  const [paused] = await pausedOf(db, ownerId, [botsAhead]);
  return paused ?? false;
}
