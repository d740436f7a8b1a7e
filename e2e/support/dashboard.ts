import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, type Page } from '@playwright/test';
import { API, missedQuestionsResponseSchema, parseReply, type BotSummary } from '@vuxo/shared';
import { E2E_AUTH_EMULATOR_HOST, E2E_PORT } from './env.ts';
import { signIn, type Account } from './sign-in.ts';

const BASE_URL = `http://localhost:${E2E_PORT}`;

export interface ApiUser {
  token: string;
  uid: string;
}

/**
 * An identity token for the same Google account the browser signs in with (the local account chooser
 * sends the same emulator credential: sub and email are the lowercased email), so the uid matches.
 * The first API call with it records the user in the product's database.
 */
export async function apiUser(account: Account, baseUrl = BASE_URL): Promise<ApiUser> {
  const email = account.email.trim().toLowerCase();
  const claims = JSON.stringify({
    sub: email,
    email,
    email_verified: !account.unverified,
    name: account.name.trim(),
  });
  const res = await fetch(
    `http://${E2E_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=e2e`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        postBody: `id_token=${encodeURIComponent(claims)}&providerId=google.com`,
        requestUri: 'http://localhost',
        returnSecureToken: true,
      }),
    },
  );
  const body = (await res.json()) as { idToken?: string; localId?: string };
  if (!res.ok || !body.idToken || !body.localId)
    throw new Error(`emulator sign-in failed: ${JSON.stringify(body)}`);
  const user = { token: body.idToken, uid: body.localId };
  const me = await fetch(`${baseUrl}${API.me}`, { headers: auth(user) });
  if (!me.ok) throw new Error(`GET /api/me failed: ${me.status}`);
  return user;
}

const auth = (user: ApiUser) => ({ authorization: `Bearer ${user.token}` });

export const HANDBOOK = `# Opening hours
We are open Monday to Friday from 9am to 6pm.

# Prices
A standard consultation costs $40.`;

/**
 * Creates a bot through the real API, as the wizard does (upload, then save), and waits until it is
 * built. Uploads are rate-limited per address (30 per 10 minutes), so tests create few.
 */
export async function createBot(
  user: ApiUser,
  botName: string,
  options: { document?: string } = {},
): Promise<string> {
  const sessionId = `sess_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
  const form = new FormData();
  form.append('sessionId', sessionId);
  form.append('file', new Blob([options.document ?? HANDBOOK], { type: 'text/plain' }), 'handbook.txt');
  const extracted = await fetch(`${BASE_URL}${API.extract}`, {
    method: 'POST',
    body: form,
    headers: auth(user),
  });
  if (!extracted.ok) throw new Error(`extract failed: ${extracted.status} ${await extracted.text()}`);
  const { filePath } = (await extracted.json()) as { filePath: string };
  const saved = await fetch(`${BASE_URL}${API.saveConfig}`, {
    method: 'POST',
    headers: { ...auth(user), 'content-type': 'application/json' },
    body: JSON.stringify({
      sessionId,
      botName,
      welcomeMessage: 'Hello! Ask me about our clinic.',
      documentName: 'handbook.txt',
      documentPath: filePath,
    }),
  });
  if (!saved.ok) throw new Error(`save-config failed: ${saved.status} ${await saved.text()}`);
  const { botId } = (await saved.json()) as { botId: string };
  await expect
    .poll(async () => (await listBots(user)).find((bot) => bot.botId === botId)?.status, { timeout: 30_000 })
    .toBe('cag_generated');
  return botId;
}

export async function listBots(user: ApiUser, baseUrl = BASE_URL): Promise<BotSummary[]> {
  const res = await fetch(`${baseUrl}${API.listBots}`, { headers: auth(user) });
  if (!res.ok) throw new Error(`list-user-bots failed: ${res.status}`);
  return ((await res.json()) as { bots: BotSummary[] }).bots;
}

/**
 * The e2e run's SQLite database, opened beside the server (WAL allows it), for what no public route
 * does: an active paid subscription, or a bot held in a build status.
 */
function openDatabase() {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  const db = new Database(path.join(dataDir, 'vuxo.db'));
  db.pragma('busy_timeout = 5000');
  return db;
}

export function subscribe(user: ApiUser, planKey: 'basic' | 'pro' = 'basic'): void {
  const db = openDatabase();
  try {
    const now = new Date();
    db.prepare(
      `insert into subscriptions (id, user_id, plan_key, status, current_period_start, current_period_end, payment_id, created_at)
       values (?, ?, ?, 'active', ?, ?, null, ?)`,
    ).run(
      `sub_e2e_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`,
      user.uid,
      planKey,
      now.toISOString(),
      new Date(now.getTime() + 30 * 86_400_000).toISOString(),
      now.toISOString(),
    );
  } finally {
    db.close();
  }
}

export function setBotStatus(botId: string, status: string): void {
  const db = openDatabase();
  try {
    db.prepare('update bots set status = ?, updated_at = ? where id = ?').run(
      status,
      new Date().toISOString(),
      botId,
    );
  } finally {
    db.close();
  }
}

/** Opens the dashboard through the app's router with navigation state, as another screen would. */
export async function openDashboardWithState(page: Page, state: Record<string, unknown>): Promise<void> {
  await page.evaluate((usr) => {
    window.history.pushState(
      { usr, key: `e2e${Date.now()}`, idx: (window.history.state?.idx ?? 0) + 1 },
      '',
      '/dashboard/bots',
    );
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, state);
}

/** The owner's dashboard. */
export const DASHBOARD = '/dashboard/bots';

/** Signs the account in and opens /dashboard/bots. */
export async function openDashboard(page: Page, account: Account) {
  await signIn(page, account);
  await expect(page.getByRole('button', { name: /Welcome/ })).toBeVisible();
  await page.goto(DASHBOARD);
}

/** A bot's card on the dashboard. */
export const card = (page: Page, name: string) => page.getByRole('article', { name });
export const planCard = (page: Page) => page.getByRole('region', { name: 'Your plan' });

/** The thumbs down the owner's missed questions count for one question (undefined when it is not listed). */
export async function missedDownVotes(
  owner: ApiUser,
  botId: string,
  question: string,
): Promise<number | undefined> {
  const res = await fetch(`${BASE_URL}${API.missedQuestions}?botId=${encodeURIComponent(botId)}`, {
    headers: { authorization: `Bearer ${owner.token}` },
  });
  return parseReply(missedQuestionsResponseSchema, await res.json()).questions.find(
    (q) => q.text === question,
  )?.downVotes;
}
