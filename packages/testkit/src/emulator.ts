/** A Google account as the Firebase Auth emulator signs it in (the local account chooser sends the same). */
export interface Account {
  name: string;
  email: string;
  emailVerified?: boolean;
}

/**
 * Signs the account in on the Auth emulator the way the browser does: a Google credential whose subject is the
 * lowercased email, so the uid matches the browser's sign-in with the same account.
 */
export async function signInOnEmulator(
  host: string,
  account: Account,
): Promise<{ idToken: string; uid: string }> {
  const email = account.email.trim().toLowerCase();
  const claims = JSON.stringify({
    sub: email,
    email,
    email_verified: account.emailVerified ?? true,
    name: account.name.trim(),
  });
  const res = await fetchOnce(
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
  const body = (await res.json()) as { idToken?: string; localId?: string };
  if (!res.ok || !body.idToken || !body.localId)
    throw new Error(`emulator sign-in failed: ${res.status} ${JSON.stringify(body)}`);
  return { idToken: body.idToken, uid: body.localId };
}

/**
 * fetch, tried again once when the emulator closed the kept-alive connection just as it was reused ('other side
 * closed', UND_ERR_SOCKET): after a long step (a 100 MB upload) the pooled socket can outlive the emulator's
 * keep-alive timeout. Signing in is safe to repeat.
 */
async function fetchOnce(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    const code = ((error as Error).cause as { code?: string } | undefined)?.code;
    if (code !== 'UND_ERR_SOCKET') throw error;
    return fetch(url, init);
  }
}
