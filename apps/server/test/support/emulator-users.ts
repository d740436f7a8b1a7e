/**
 * Signs users in on the Firebase Auth emulator the way the browser does (a Google credential the
 * emulator accepts), and builds the bad tokens the API must refuse.
 */
export interface TestAccount {
  name: string;
  email: string;
  emailVerified?: boolean;
}

export async function signInOnEmulator(
  host: string,
  account: TestAccount,
): Promise<{ idToken: string; uid: string }> {
  const claims = JSON.stringify({
    sub: account.email,
    email: account.email,
    email_verified: account.emailVerified ?? true,
    name: account.name,
  });
  const res = await fetch(
    `http://${host}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=test-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        postBody: `id_token=${encodeURIComponent(claims)}&providerId=google.com`,
        requestUri: 'http://localhost',
        returnSecureToken: true,
        returnIdpCredential: true,
      }),
    },
  );
  const body = (await res.json()) as { idToken?: string; localId?: string; error?: unknown };
  if (!res.ok || !body.idToken || !body.localId)
    throw new Error(`emulator sign-in failed: ${JSON.stringify(body)}`);
  return { idToken: body.idToken, uid: body.localId };
}

/** The emulator's tokens are unsigned JWTs: rewrite the claims to make an expired or foreign one. */
export function withClaims(idToken: string, change: (claims: Record<string, unknown>) => void): string {
  const [header, payload, signature] = idToken.split('.');
  const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, unknown>;
  change(claims);
  return [header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature ?? ''].join('.');
}

/** The verification emails the emulator recorded for a project. */
export async function verificationEmails(host: string, projectId: string): Promise<{ email: string }[]> {
  const res = await fetch(`http://${host}/emulator/v1/projects/${projectId}/oobCodes`);
  const body = (await res.json()) as { oobCodes: { email: string; requestType: string }[] };
  return body.oobCodes.filter((code) => code.requestType === 'VERIFY_EMAIL');
}
