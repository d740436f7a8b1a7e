import { ADMIN_PAGE_SIZE, API, adminListPath } from '@vuxo/shared';
import { testDatabases } from '../support/databases.js';
import { signInOnEmulator } from '../support/emulator-users.js';
import { createBot, signIn, subscribe } from '../support/dashboard-owners.js';
import { bearer, startTestApp, type TestApp } from '../support/test-app.js';

describe.each(testDatabases())('the staff console API ($name)', (database) => {
  let t: TestApp;
  let staffToken: string;
  const staffEmail = `staff-${database.name}-${Date.now()}@example.com`;
  beforeAll(async () => {
    t = await startTestApp({
      database,
      env: { ADMIN_EMAILS: `someone@example.com, ${staffEmail.toUpperCase()}` },
    });
    staffToken = (await signInOnEmulator(t.emulatorHost, { name: 'Stacy Staff', email: staffEmail })).idToken;
  });
  afterAll(() => t.close());

  const get = (url: string, token: string | null = staffToken) =>
    t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

  it('answers 404, as an unknown path does, to everyone not on ADMIN_EMAILS', async () => {
    const owner = await signIn(t, 'Norm', database.name);
    for (const res of [
      await get(adminListPath('users'), null),
      await get(adminListPath('users'), owner.token),
    ])
      expect(res).toMatchObject({ statusCode: 404 });
    expect((await get(adminListPath('users'), 'not-a-token')).statusCode).toBe(404);
    // Staff's own address, not yet verified: the identity provider has not proven it.
    const unverified = await signInOnEmulator(t.emulatorHost, {
      name: 'Una',
      email: 'someone@example.com',
      emailVerified: false,
    });
    expect((await get(adminListPath('users'), unverified.idToken)).statusCode).toBe(404);
  });

  it('lists users with plan, paid-until and bots; bots with status; payments; messages — searched and paged', async () => {
    const owner = await signIn(t, 'Olive', database.name);
    await subscribe(t, owner, 'pro');
    await createBot(t, owner, 'Olive Helper');
    await t.app.inject({
      method: 'POST',
      url: API.contactMessages,
      payload: {
        name: 'Zed',
        email: 'zed@example.com',
        company: 'Zed & Co',
        message: 'Call me about 100% uptime',
      },
    });

    const users = (await get(`${adminListPath('users')}?q=${encodeURIComponent('OLIVE')}`)).json();
    expect(users).toMatchObject({ list: 'users', total: 1, page: 1, pageSize: ADMIN_PAGE_SIZE });
    expect(users.items[0]).toMatchObject({ displayName: 'Olive', planName: 'Pro', botCount: 1 });
    expect(users.items[0].activeUntil).toEqual(expect.any(String));

    const bots = (await get(`${adminListPath('bots')}?q=olive%20helper`)).json();
    expect(bots.items).toEqual([
      expect.objectContaining({ botName: 'Olive Helper', status: 'cag_generated' }),
    ]);

    const messages = (await get(`${adminListPath('messages')}?q=${encodeURIComponent('100%')}`)).json();
    expect(messages.items).toEqual([expect.objectContaining({ name: 'Zed', company: 'Zed & Co' })]);
    expect((await get(`${adminListPath('messages')}?q=${encodeURIComponent('1_0%')}`)).json().total).toBe(0);

    expect((await get(`${adminListPath('payments')}`)).json()).toMatchObject({ list: 'payments' });
    expect((await get(`${adminListPath('requests')}`)).json()).toMatchObject({ list: 'requests', items: [] });
    expect((await get(`${adminListPath('users')}?page=99`)).json().items).toEqual([]);
    expect((await get(`${adminListPath('users')}?page=0`)).statusCode).toBe(400);
    expect((await get('/api/admin/secrets')).statusCode).toBe(400);
  });
});
