import { fetchDriver, signInOnEmulator, world, type Account as KitAccount, type World } from '@vuxo/testkit';
import { E2E_AUTH_EMULATOR_HOST, E2E_PORT } from './env.ts';
import type { Account } from './sign-in.ts';

export const BASE_URL = `http://localhost:${E2E_PORT}`;

/** The test kit's owners and bots on the end-to-end server (or another one at `baseUrl`, sharing the emulator). */
export const e2eWorld = (baseUrl = BASE_URL): World =>
  world({ driver: fetchDriver(baseUrl), emulatorHost: E2E_AUTH_EMULATOR_HOST });

/** The browser tests' account as the test kit signs it in. */
export const kitAccount = (account: Account): KitAccount => ({
  name: account.name,
  email: account.email,
  emailVerified: !account.unverified,
});

/** An ID token for the account, from the Auth emulator, as the browser's account chooser gets one. */
export async function idTokenFor(account: Account): Promise<string> {
  return (await signInOnEmulator(E2E_AUTH_EMULATOR_HOST, kitAccount(account))).idToken;
}
