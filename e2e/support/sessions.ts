import path from 'node:path';
import { expect, type Browser, type Page } from '@playwright/test';
import { E2E_ADMIN_EMAIL, runDataDir } from './env.ts';
import { signIn, type Account } from './sign-in.ts';
import { BASE_URL } from './world.ts';

/**
 * One account per role, signed in once per run through the account chooser by the setup project
 * (setup/roles.setup.ts), which keeps each browser session in the run's data directory.
 *
 * The owner is shared by tests running in parallel, so it stays as the setup leaves it: on the Free Trial, with no
 * bot and nothing sent. A test that gives an account bots, a plan or requests makes an account of its own.
 * There is no unverified owner: its one test (auth.spec) is of the sign-in itself, and signing one in here would
 * lengthen the setup every test waits for.
 */
export const ROLE_ACCOUNTS = {
  owner: { name: 'Sol Shared', email: 'sol.shared-owner@example.com' },
  staff: { name: 'Sam Staff', email: E2E_ADMIN_EMAIL },
} as const satisfies Record<string, Account>;

export type Role = keyof typeof ROLE_ACCOUNTS;
export const ROLES = Object.keys(ROLE_ACCOUNTS) as Role[];

/** The account's browser session (cookies, local storage and Firebase's IndexedDB), as Playwright's storageState. */
export const sessionFile = (account: Account): string =>
  path.join(runDataDir(), `session-${account.email}.json`);

export const sessionOf = (role: Role): string => sessionFile(ROLE_ACCOUNTS[role]);

/** `test.use(signedInAs('owner'))`: the test's page starts signed in as the role. */
export const signedInAs = (role: Role) => ({ storageState: sessionOf(role) });

/**
 * Signs the account in through the account chooser, in a browser context of its own, and keeps the session in
 * {@link sessionFile}: for the roles (the setup project), and for the tests of one describe's account with bots of
 * its own, which then sign in once between them.
 */
export async function saveSession(browser: Browser, account: Account): Promise<void> {
  const context = await browser.newContext({ baseURL: BASE_URL, storageState: undefined });
  try {
    const page = await context.newPage();
    await signIn(page, account);
    // Firebase has stored the user (in IndexedDB) once the app shows them signed in.
    await expect(page.getByRole('button', { name: `Welcome, ${account.name}` })).toBeVisible();
    await context.storageState({ path: sessionFile(account), indexedDB: true });
  } finally {
    await context.close();
  }
}

/** Signs the test's page in from the account's saved session, where the describe's other tests stay visitors. */
export const restoreSession = (page: Page, account: Account): Promise<void> =>
  page.context().setStorageState(sessionFile(account));
