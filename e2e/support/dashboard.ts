import { expect, type Page } from '@playwright/test';
import { API, missedQuestionsResponseSchema, parseReply, type BotSummary } from '@vuxo/shared';
import type { Owner } from '@vuxo/testkit';
import { signIn, type Account } from './sign-in.ts';
import { BASE_URL, e2eWorld, kitAccount, ownAddress } from './world.ts';

/** A signed-in owner for API calls (the test kit's): the same Google account the browser signs in with. */
export type ApiUser = Owner;

/** Signs the account in on the emulator; the first call records the user in the product's database. */
export const apiUser = (account: Account, baseUrl = BASE_URL): Promise<ApiUser> =>
  e2eWorld(baseUrl, ownAddress(account)).owner(kitAccount(account));

const auth = (user: { token: string }) => ({ authorization: `Bearer ${user.token}` });

export const HANDBOOK = `# Opening hours
We are open Monday to Friday from 9am to 6pm.

# Prices
A standard consultation costs $40.`;

/** A Ready bot made through the real API, as the wizard does (upload, then save); returns its id. */
export async function createBot(
  user: ApiUser,
  botName: string,
  options: { document?: string } = {},
): Promise<string> {
  const bot = await user.readyBot({
    name: botName,
    text: options.document ?? HANDBOOK,
    welcome: 'Hello! Ask me about our clinic.',
  });
  return bot.botId;
}

export async function listBots(user: { token: string }, baseUrl = BASE_URL): Promise<BotSummary[]> {
  const res = await fetch(`${baseUrl}${API.listBots}`, { headers: auth(user) });
  if (!res.ok) throw new Error(`list-user-bots failed: ${res.status}`);
  return ((await res.json()) as { bots: BotSummary[] }).bots;
}

export { setBotStatus, subscribe } from './database.ts';

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
