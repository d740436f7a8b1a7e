import { generateKeyPairSync, sign } from 'node:crypto';

/**
 * Signs users in on the Firebase Auth emulator the way the browser does (a Google credential the
 * emulator accepts), and builds the bad tokens the API must refuse.
 */
export { signInOnEmulator, type Account as TestAccount } from '@vuxo/testkit';

/** A token's claims, read without checking anything. */
export const claimsOf = (idToken: string) =>
  JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;

/** The emulator's tokens are unsigned JWTs: rewrite the claims to make an expired or foreign one. */
export function withClaims(idToken: string, change: (claims: Record<string, unknown>) => void): string {
  const [header, , signature] = idToken.split('.');
  const claims = claimsOf(idToken);
  change(claims);
  return [header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature ?? ''].join('.');
}

/** The same token, expired an hour ago (issued two hours ago). */
export const expiredToken = (idToken: string) =>
  withClaims(idToken, (claims) => {
    claims.iat = Math.floor(Date.now() / 1000) - 7200;
    claims.auth_time = claims.iat;
    claims.exp = Math.floor(Date.now() / 1000) - 3600;
  });

/** The same token, issued for another Firebase project. */
export const foreignProjectToken = (idToken: string) =>
  withClaims(idToken, (claims) => {
    claims.aud = 'demo-someone-else';
    claims.iss = 'https://securetoken.google.com/demo-someone-else';
  });

/** The token's claims signed with a key of our own (RS256, a `kid` Google never issued): a forgery. */
export function signedWithWrongKey(idToken: string): string {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return signedCopy(idToken, { alg: 'RS256', kid: 'not-a-google-key', typ: 'JWT' }, (data) =>
    sign('sha256', data, privateKey),
  );
}

/** The token's claims under another header, signed by `signer` (or not at all). */
export function signedCopy(
  idToken: string,
  header: Record<string, string>,
  signer: (data: Buffer) => Buffer = () => Buffer.alloc(0),
): string {
  const payload = idToken.split('.')[1] ?? '';
  const data = `${Buffer.from(JSON.stringify(header)).toString('base64url')}.${payload}`;
  return `${data}.${signer(Buffer.from(data)).toString('base64url')}`;
}

/**
 * Changes an account as the Admin SDK does (the emulator takes `Bearer owner` as admin credentials):
 * `validSince` revokes every token issued before it, `disableUser` disables the account.
 */
export async function updateAccount(
  host: string,
  projectId: string,
  change: { localId: string; validSince?: string; disableUser?: boolean },
): Promise<void> {
  const res = await fetch(
    `http://${host}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:update`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify(change),
    },
  );
  if (!res.ok) throw new Error(`emulator account update failed: ${res.status} ${await res.text()}`);
}

/** Revokes the user's sessions (as `revokeRefreshTokens` does), after `idToken` was issued. */
export async function revokeSessions(host: string, projectId: string, uid: string, idToken: string) {
  // Tokens signed in before validSince (whole seconds) are revoked: at least a second after this one's sign-in.
  const validSince = Math.max(Math.floor(Date.now() / 1000), Number(claimsOf(idToken).auth_time) + 1);
  await updateAccount(host, projectId, { localId: uid, validSince: String(validSince) });
}

/** The verification emails the emulator recorded for a project. */
export async function verificationEmails(host: string, projectId: string): Promise<{ email: string }[]> {
  const res = await fetch(`http://${host}/emulator/v1/projects/${projectId}/oobCodes`);
  const body = (await res.json()) as { oobCodes: { email: string; requestType: string }[] };
  return body.oobCodes.filter((code) => code.requestType === 'VERIFY_EMAIL');
}
