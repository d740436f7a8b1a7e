import { expect, type Page } from '@playwright/test';
import { isWorkspacePath, NO_TOP_BAR_ATTRIBUTE } from '@vuxo/shared';
import { E2E_AUTH_EMULATOR_HOST, E2E_PROJECT_ID } from './env.ts';

export interface Account {
  name: string;
  email: string;
  unverified?: boolean;
}

/** A new account for one test: unique, so tests can run in parallel against one emulator. */
export function newAccount(name: string, options: { unverified?: boolean } = {}): Account {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  return { name, email: `${name.split(' ')[0]!.toLowerCase()}.${tag}@example.com`, ...options };
}

/** Clicks 'Sign in with Google' on /login and picks (or adds) the account in the local account chooser. */
export async function chooseAccount(page: Page, account: Account): Promise<void> {
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  const chooser = page.getByRole('dialog');
  const existing = chooser.getByRole('button', { name: new RegExp(account.email.replace(/[.+]/g, '\\$&')) });
  if (await existing.isVisible()) {
    await existing.click();
    return;
  }
  const another = chooser.getByRole('button', { name: 'Use another account' });
  if (await another.isVisible()) await another.click();
  await chooser.getByLabel('Name', { exact: true }).fill(account.name);
  await chooser.getByLabel('Email', { exact: true }).fill(account.email);
  if (account.unverified) await chooser.getByRole('switch', { name: 'Email not verified yet' }).check();
  await chooser.getByRole('button', { name: 'Continue' }).click();
  await expect(chooser).toBeHidden();
}

/** Signs in from the login page and waits until the app shows the user as signed in. */
export async function signIn(page: Page, account: Account): Promise<void> {
  await page.goto('/login');
  await chooseAccount(page, account);
  // A verified user leaves /login once signed in; navigating before that would abandon the sign-in.
  if (!account.unverified) await untilSignedInPageSettles(page);
}

/**
 * Waits until a verified user has left /login and the page they arrived on is laid out. Arriving in the workspace
 * moves the account menu from the top bar to the navbar, so a menu opened before that would close under the click.
 */
export async function untilSignedInPageSettles(page: Page): Promise<void> {
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 30_000 });
  await expect
    .poll(async () => {
      const { path, bare } = await page.evaluate(
        (attribute) => ({ path: location.pathname, bare: document.documentElement.hasAttribute(attribute) }),
        NO_TOP_BAR_ATTRIBUTE,
      );
      return bare === isWorkspacePath(path);
    })
    .toBe(true);
}

/** The verification emails the Auth emulator recorded. */
export async function verificationEmailsSentTo(email: string): Promise<number> {
  const res = await fetch(`http://${E2E_AUTH_EMULATOR_HOST}/emulator/v1/projects/${E2E_PROJECT_ID}/oobCodes`);
  const body = (await res.json()) as { oobCodes: { email: string; requestType: string }[] };
  return body.oobCodes.filter((code) => code.requestType === 'VERIFY_EMAIL' && code.email === email).length;
}
