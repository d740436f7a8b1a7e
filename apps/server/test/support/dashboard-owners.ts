import { API, planStatusResponseSchema, type BotSummary } from '@vuxo/shared';
import { makeImage } from '../fixtures/image-fixtures.js';
import { signInOnEmulator } from './emulator-users.js';
import { multipart } from './multipart.js';
import { bearer, type TestApp } from './test-app.js';
import { botConfig, uploadDocument, waitFor } from './wizard-flow.js';

/** Owners, their bots and the dashboard's calls, for the dashboard API tests. */

export interface Owner {
  token: string;
  uid: string;
  /** The sign-in email: the default contact of the owner's bots. */
  email: string;
}

/** Signs an owner in on the emulator; the first call records the user. */
export async function signIn(t: TestApp, name: string, dbName: string): Promise<Owner> {
  const email = `${name.toLowerCase()}-${dbName}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const { idToken, uid } = await signInOnEmulator(t.emulatorHost, { name, email });
  // The first authenticated call records the user.
  const me = await t.app.inject({ method: 'GET', url: API.me, headers: bearer(idToken) });
  expect(me.statusCode).toBe(200);
  return { token: idToken, uid, email };
}

/** Creates a bot the way the wizard does (document, optional avatar, save) and waits until it is Ready. */
export async function createBot(
  t: TestApp,
  owner: Owner,
  botName: string,
  options: { avatar?: boolean; text?: string; contactEmail?: string } = {},
) {
  const upload = await uploadDocument(t.app, {
    token: owner.token,
    ...(options.text ? { text: options.text } : {}),
  });
  let tempImagePath: string | undefined;
  if (options.avatar) {
    const image = multipart(
      { sessionId: upload.sessionId },
      { field: 'image', name: 'avatar.png', type: 'image/png', bytes: await makeImage('png') },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: API.uploadImage,
      payload: image.payload,
      headers: { ...image.headers, ...bearer(owner.token) },
    });
    expect(res.statusCode).toBe(200);
    tempImagePath = res.json().tempImagePath;
  }
  const saved = await t.app.inject({
    method: 'POST',
    url: API.saveConfig,
    headers: bearer(owner.token),
    payload: botConfig(upload, {
      botName,
      ...(tempImagePath ? { tempImagePath } : {}),
      ...(options.contactEmail !== undefined ? { contactEmail: options.contactEmail } : {}),
    }),
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const { botId } = saved.json() as { botId: string };
  await waitFor(
    () => t.database.db.selectFrom('bots').select('status').where('id', '=', botId).executeTakeFirstOrThrow(),
    (row) => row.status === 'cag_generated' || row.status === 'error',
  );
  return botId;
}

/** Puts the owner on a paid plan; returns when it ends. */
export async function subscribe(t: TestApp, owner: Owner, planKey: 'basic' | 'pro' = 'basic') {
  const now = new Date();
  const periodEnd = new Date(now.getTime() + 30 * 86_400_000).toISOString();
  await t.database.db
    .insertInto('subscriptions')
    .values({
      id: `sub_${Math.random().toString(36).slice(2)}`,
      user_id: owner.uid,
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

export const botRow = (t: TestApp, botId: string) =>
  t.database.db.selectFrom('bots').selectAll().where('id', '=', botId).executeTakeFirstOrThrow();

export async function listBots(t: TestApp, owner: Owner): Promise<BotSummary[]> {
  const res = await t.app.inject({ method: 'GET', url: API.listBots, headers: bearer(owner.token) });
  expect(res.statusCode).toBe(200);
  return (res.json() as { bots: BotSummary[] }).bots;
}

export async function planLimits(t: TestApp, owner: Owner) {
  const res = await t.app.inject({ method: 'GET', url: API.planStatus, headers: bearer(owner.token) });
  return planStatusResponseSchema.parse(res.json()).userPlan;
}

export const deleteBot = (t: TestApp, owner: Owner | null, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: API.deleteBot,
    headers: owner ? bearer(owner.token) : {},
    payload: payload as Record<string, unknown>,
  });

/** An owner's POST to one of the dashboard's calls. */
export const ownerPost = (t: TestApp, owner: Owner, url: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: bearer(owner.token),
    payload: payload as Record<string, unknown>,
  });

export const updateDomains = (t: TestApp, owner: Owner, payload: unknown) =>
  ownerPost(t, owner, API.updateBotDomains, payload);

export const updateTheme = (t: TestApp, owner: Owner, payload: unknown) =>
  ownerPost(t, owner, API.updateBotTheme, payload);

export const updateSettings = (t: TestApp, owner: Owner, payload: unknown) =>
  ownerPost(t, owner, API.updateBotSettings, payload);
