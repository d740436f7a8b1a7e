import { API, planStatusResponseSchema, type BotSummary } from '@vuxo/shared';
import { makeImage } from '../fixtures/image-fixtures.js';
import { subscribe as subscribeInDatabase, type Owner as KitOwner } from '@vuxo/testkit';
import { appWorld, bearer, TEST_BOT_CHOICES, type TestApp } from './test-app.js';

/** Owners, their bots and the dashboard's calls, for the dashboard API tests. */

/** A signed-in owner (the test kit's), with the sign-in email: the default contact of the owner's bots. */
export type Owner = KitOwner & { email: string };

/** What the calls below need of an owner: a bot's owner from another helper will do. */
export interface OwnerRef {
  token: string;
  uid: string;
  email: string;
}

/** Signs an owner in on the emulator; the first call records the user. */
export async function signIn(t: TestApp, name: string, dbName: string): Promise<Owner> {
  const email = `${name.toLowerCase()}-${dbName}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const owner = await appWorld(t).owner({ name, email });
  return { ...owner, email };
}

/**
 * A Ready bot of this owner: seeded (the test kit's `seededBot`), or with an avatar made the way the wizard does
 * (document, avatar, save, build).
 */
export async function createBot(
  t: TestApp,
  owner: Owner,
  botName: string,
  options: { avatar?: boolean; text?: string; contactEmail?: string; contactChoice?: string } = {},
) {
  const make = options.avatar ? owner.readyBot : owner.seededBot;
  const bot = await make({
    ...(options.text ? { text: options.text } : {}),
    ...(options.avatar
      ? { image: { bytes: await makeImage('png'), type: 'image/png', name: 'avatar.png' } }
      : {}),
    config: {
      ...TEST_BOT_CHOICES,
      botName,
      ...(options.contactEmail !== undefined ? { contactEmail: options.contactEmail } : {}),
      ...(options.contactChoice !== undefined ? { contactChoice: options.contactChoice } : {}),
    },
  });
  return bot.botId;
}

/** Puts the owner on a paid plan; returns when it ends. */
export const subscribe = (t: TestApp, owner: OwnerRef, planKey: 'basic' | 'pro' = 'basic') =>
  subscribeInDatabase(t.database.db, owner.uid, planKey);

export const botRow = (t: TestApp, botId: string) =>
  t.database.db.selectFrom('bots').selectAll().where('id', '=', botId).executeTakeFirstOrThrow();

export async function listBots(t: TestApp, owner: OwnerRef): Promise<BotSummary[]> {
  const res = await t.app.inject({ method: 'GET', url: API.listBots, headers: bearer(owner.token) });
  expect(res.statusCode).toBe(200);
  return (res.json() as { bots: BotSummary[] }).bots;
}

export async function planLimits(t: TestApp, owner: OwnerRef) {
  const res = await t.app.inject({ method: 'GET', url: API.planStatus, headers: bearer(owner.token) });
  return planStatusResponseSchema.parse(res.json()).userPlan;
}

export const deleteBot = (t: TestApp, owner: OwnerRef | null, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: API.deleteBot,
    headers: owner ? bearer(owner.token) : {},
    payload: payload as Record<string, unknown>,
  });

/** An owner's POST to one of the dashboard's calls. */
export const ownerPost = (t: TestApp, owner: OwnerRef, url: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: bearer(owner.token),
    payload: payload as Record<string, unknown>,
  });

export const updateDomains = (t: TestApp, owner: OwnerRef, payload: unknown) =>
  ownerPost(t, owner, API.updateBotDomains, payload);

export const updateTheme = (t: TestApp, owner: OwnerRef, payload: unknown) =>
  ownerPost(t, owner, API.updateBotTheme, payload);

export const updateSettings = (t: TestApp, owner: OwnerRef, payload: unknown) =>
  ownerPost(t, owner, API.updateBotSettings, payload);
