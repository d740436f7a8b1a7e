import { LOCAL_ACCOUNTS_KEY } from '@vuxo/shared/storage-keys';

/** An account offered by the local account chooser. */
export interface LocalAccount {
  name: string;
  email: string;
  emailVerified: boolean;
}

export function readLocalAccounts(): LocalAccount[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(LOCAL_ACCOUNTS_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isLocalAccount) : [];
  } catch {
    return [];
  }
}

export function rememberLocalAccount(account: LocalAccount): void {
  const others = readLocalAccounts().filter((a) => a.email.toLowerCase() !== account.email.toLowerCase());
  localStorage.setItem(LOCAL_ACCOUNTS_KEY, JSON.stringify([account, ...others].slice(0, 8)));
}

/** The emulator's Google credential: the claims Google would put in its ID token. */
export function emulatorGoogleClaims(account: LocalAccount): string {
  const email = account.email.trim().toLowerCase();
  return JSON.stringify({
    // The same email is the same Google account on this device.
    sub: email,
    email,
    email_verified: account.emailVerified,
    name: account.name.trim(),
  });
}

function isLocalAccount(value: unknown): value is LocalAccount {
  const v = value as LocalAccount;
  return typeof v?.name === 'string' && typeof v.email === 'string' && typeof v.emailVerified === 'boolean';
}
