import { fetchDriver, signInOnEmulator, world, type Account as KitAccount, type World } from '@vuxo/testkit';
import { E2E_AUTH_EMULATOR_HOST, E2E_PORT } from './env.ts';
import type { Account } from './sign-in.ts';

export const BASE_URL = `http://localhost:${E2E_PORT}`;

/**
 * The test kit's owners and bots on the end-to-end server (or another one at `baseUrl`, sharing the emulator),
 * calling from `localAddress` when given.
 */
export const e2eWorld = (baseUrl = BASE_URL, localAddress?: string): World =>
  world({
    driver: fetchDriver(baseUrl, localAddress ? { localAddress } : {}),
    emulatorHost: E2E_AUTH_EMULATOR_HOST,
  });

/**
 * A loopback address of the account's own (127.0.x.y, never 127.0.0.1), as each owner calls from their own
 * address: the whole run's API-made bots no longer share one address's upload limit with the browser.
 */
export function ownAddress(account: Account): string {
  let hash = 2166136261;
  for (const char of account.email) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
  return `127.0.${1 + (hash % 254)}.${1 + ((hash >>> 8) % 254)}`;
}

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
