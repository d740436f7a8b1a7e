import { expect, test } from '@playwright/test';
import { AUTH_MSG, DASHBOARD_MSG } from '@vuxo/shared';
import { expectAccessible } from '../support/axe.ts';
import {
  chooseAccount,
  newAccount,
  signIn,
  untilSignedInPageSettles,
  verificationEmailsSentTo,
} from '../support/sign-in.ts';

test.describe('sign-in through the local account chooser', () => {
  test('signs in, shows Welcome and the name, opens the profile menu, logs out', async ({ page }) => {
    const account = newAccount('Ada Lovelace');
    await page.goto('/');
    await page.getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await chooseAccount(page, account);
    await untilSignedInPageSettles(page);

    const profile = page.getByRole('button', { name: /Welcome/ });
    await expect(profile).toBeVisible();
    await expect(profile).toContainText(account.name);

    await profile.click();
    await expect(page.getByRole('menuitem', { name: DASHBOARD_MSG.menuLabel })).toBeVisible();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(profile).toBeHidden();
  });

  test('the guard sends a signed-out visitor to /login and back after sign-in', async ({ page }) => {
    await page.goto('/dashboard/bots');
    await expect(page).toHaveURL(/\/login$/);
    await chooseAccount(page, newAccount('Grace Hopper'));
    await expect(page).toHaveURL(/\/dashboard\/bots$/);
    await expect(page.getByRole('heading', { name: DASHBOARD_MSG.title })).toBeVisible();
  });

  test('the account chooser lists accounts used before on this device', async ({ page }) => {
    const account = newAccount('Katherine Johnson');
    await signIn(page, account);
    await expect(page.getByRole('button', { name: /Welcome/ })).toBeVisible();
    await page.getByRole('button', { name: /Welcome/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    // Signing out ends when the app shows nobody signed in; leaving the page before that would abandon it.
    await expect(page.getByRole('button', { name: /Welcome/ })).toBeHidden();

    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: new RegExp(account.name) })
      .click();
    await expect(page.getByRole('button', { name: /Welcome/ })).toContainText(account.name);
  });

  test('closing the chooser says the login was cancelled', async ({ page }) => {
    await page.goto('/login');
    await expectAccessible(page, 'the login page');
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAccessible(page, 'the account chooser');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('alert')).toHaveText(AUTH_MSG.loginCancelled);
  });

  test('an unverified email is sent a verification email and kept out by the guard', async ({ page }) => {
    const account = newAccount('Una Verified', { unverified: true });
    await signIn(page, account);
    await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
    await expect.poll(() => verificationEmailsSentTo(account.email)).toBe(1);

    await page.goto('/dashboard/bots');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  });

  test('logging out clears the stored sessionId and activeDocId', async ({ page }) => {
    await signIn(page, newAccount('Mary Jackson'));
    await page.evaluate(() => {
      sessionStorage.setItem('sessionId', 'wizard-session');
      sessionStorage.setItem('activeDocId', 'bot-1');
    });
    await page.getByRole('button', { name: /Welcome/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    expect(
      await page.evaluate(() => [sessionStorage.getItem('sessionId'), sessionStorage.getItem('activeDocId')]),
    ).toEqual([null, null]);
  });

  test('the site loads the sign-in SDK only for someone who signed in on this device', async ({ page }) => {
    const sdkRequests: string[] = [];
    page.on('request', (request) => {
      if (/firebase-session|identitytoolkit|securetoken/.test(request.url())) sdkRequests.push(request.url());
    });
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    await page.goto('/plans');
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    expect(sdkRequests).toEqual([]);

    const account = newAccount('Dorothy Vaughan');
    await signIn(page, account);
    await expect(page.getByRole('button', { name: /Welcome/ })).toBeVisible();
    // Back on the site after a reload, the signed-in user is shown again.
    await page.goto('/');
    await expect(page.getByRole('button', { name: /Welcome/ })).toContainText(account.name);
    expect(sdkRequests.length).toBeGreaterThan(0);
  });
});
