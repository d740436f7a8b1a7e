import { test as setup } from '@playwright/test';
import { ROLE_ACCOUNTS, ROLES, saveSession } from '../support/sessions.ts';

/**
 * Every other test waits for this one, so the roles sign in side by side. A test that starts from a role's session
 * proves it restores: it checks what only that signed-in user sees.
 */
setup('each role signs in through the account chooser, and its session is kept', async ({ browser }) => {
  await Promise.all(ROLES.map((role) => setup.step(role, () => saveSession(browser, ROLE_ACCOUNTS[role]))));
});
