import { API, API_MSG } from '@vuxo/shared';
import {
  expiredToken,
  foreignProjectToken,
  signInOnEmulator,
  withClaims,
} from '../support/emulator-users.js';
import { bearer, startTestApp, type TestApp } from '../support/test-app.js';

describe('server identity (Bearer tokens checked with firebase-admin against the Auth emulator)', () => {
  let t: TestApp;
  let token: string;
  let uid: string;
  beforeAll(async () => {
    t = await startTestApp();
    ({ idToken: token, uid } = await signInOnEmulator(t.emulatorHost, {
      name: 'Ada Owner',
      email: `ada-${Date.now()}@example.com`,
    }));
  });
  afterAll(() => t.close());

  const me = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: API.me, headers });

  async function expect401(headers: Record<string, string>) {
    const res = await me(headers);
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(typeof res.json().error).toBe('string');
    expect(res.body).not.toMatch(/at .*\.(ts|js):\d+/);
    return res.json() as { error: string };
  }

  it('refuses a request with no token', async () => {
    expect((await expect401({})).error).toBe(API_MSG.unauthenticated);
  });

  it('refuses a malformed token', async () => {
    await expect401(bearer('not-a-jwt'));
    await expect401({ authorization: 'Basic dXNlcjpwYXNz' });
    await expect401({ authorization: 'Bearer ' });
  });

  it('refuses an expired token', async () => {
    expect((await expect401(bearer(expiredToken(token)))).error).toBe(API_MSG.invalidToken);
  });

  it('refuses a token for another project id', async () => {
    await expect401(bearer(foreignProjectToken(token)));
  });

  it('refuses an unsigned token naming a user the identity provider does not know', async () => {
    const forged = withClaims(token, (claims) => {
      claims.sub = 'no-such-user-0000';
      claims.user_id = 'no-such-user-0000';
    });
    await expect401(bearer(forged));
  });

  it('accepts a valid emulator token and creates the user row on first use', async () => {
    const res = await me(bearer(token));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: { id: uid, displayName: 'Ada Owner', emailVerified: true } });
    const row = await t.database.db.selectFrom('users').selectAll().where('id', '=', uid).executeTakeFirst();
    expect(row).toMatchObject({ id: uid, display_name: 'Ada Owner', email_verified: 1 });

    expect((await me(bearer(token))).statusCode).toBe(200);
    const count = await t.database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(Number(count?.n)).toBe(1);
  });

  it('keeps the user row in step with the token without writing it on every request', async () => {
    const account = await signInOnEmulator(t.emulatorHost, {
      name: 'Bea Before',
      email: `bea-${Date.now()}@example.com`,
    });
    const row = () =>
      t.database.db.selectFrom('users').selectAll().where('id', '=', account.uid).executeTakeFirstOrThrow();
    expect((await me(bearer(account.idToken))).statusCode).toBe(200);
    const first = await row();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await me(bearer(account.idToken))).statusCode).toBe(200);
    expect(await row()).toEqual(first);

    const renamed = withClaims(account.idToken, (claims) => {
      claims.name = 'Bea After';
    });
    const res = await me(bearer(renamed));
    expect(res.json()).toMatchObject({ user: { id: account.uid, displayName: 'Bea After' } });
    expect(await row()).toMatchObject({ display_name: 'Bea After', created_at: first.created_at });
  });

  it('refuses owner routes to a user whose email is not verified', async () => {
    const unverified = await signInOnEmulator(t.emulatorHost, {
      name: 'Una Verified',
      email: `una-${Date.now()}@example.com`,
      emailVerified: false,
    });
    const res = await me(bearer(unverified.idToken));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: API_MSG.emailNotVerified, code: 'EMAIL_NOT_VERIFIED' });
  });
});
