import { ADMIN_PAGE_SIZE, API, adminListPath } from '@vuxo/shared';
import { waitFor } from '../support/wizard-flow.js';
import { testDatabases } from '../support/databases.js';
import { signInOnEmulator } from '../support/emulator-users.js';
import { createBot, signIn, subscribe } from '../support/dashboard-owners.js';
import { bearer, startTestApp, type TestApp } from '../support/test-app.js';
import { BOT_STATUS } from '@vuxo/testkit';

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
      expect.objectContaining({ botName: 'Olive Helper', status: BOT_STATUS.ready }),
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

  it('lists mail sent and failed, and visitor requests counted per bot; refused to non-staff', async () => {
    const owner = await signIn(t, 'Vera', database.name);
    const botId = await createBot(t, owner, 'Vera Vets');
    for (const [i, email] of ['amy@example.org', 'ben@example.org'].entries()) {
      const res = await t.app.inject({
        method: 'POST',
        url: API.visitorRequest,
        payload: { botConfigId: botId, consent: true, email, question: 'Do you see cats on Sunday?' },
        remoteAddress: `10.77.${i}.1`,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    // A message that gave up for good, as the send job leaves it after its last attempt.
    await t.database.db
      .insertInto('emails')
      .values({
        id: `mail-failed-${database.name}`,
        kind: 'plan-ending',
        to_address: 'gone@example.net',
        subject: 'Your Pro plan ends in 3 days',
        html: '<p>x</p>',
        text: 'x',
        headers: '{}',
        user_id: null,
        bot_id: null,
        dedupe_key: null,
        status: 'failed',
        attempts: 20,
        last_error: '550 mailbox unavailable',
        created_at: new Date().toISOString(),
        sent_at: null,
      })
      .execute();

    const sent = await waitFor(
      async () => (await get(`${adminListPath('mail')}?q=${encodeURIComponent(owner.email)}`)).json(),
      (page) => page.items.length === 2 && page.items.every((m: { status: string }) => m.status === 'sent'),
    );
    expect(sent).toMatchObject({ list: 'mail', total: 2 });
    expect(sent.items[0]).toMatchObject({
      to: owner.email,
      kind: 'visitor-request',
      attempts: 1,
      lastError: null,
      sentAt: expect.any(String),
    });
    const failed = (await get(`${adminListPath('mail')}?q=failed`)).json();
    expect(failed.items).toEqual([
      expect.objectContaining({
        to: 'gone@example.net',
        status: 'failed',
        attempts: 20,
        lastError: '550 mailbox unavailable',
      }),
    ]);

    const amy = await t.database.db
      .selectFrom('visitor_requests')
      .select('id')
      .where('email', '=', 'amy@example.org')
      .executeTakeFirstOrThrow();
    const answered = await t.app.inject({
      method: 'POST',
      url: API.updateBotRequest,
      headers: bearer(owner.token),
      payload: { botId, requestId: amy.id, status: 'answered' },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const counts = (await get(`${adminListPath('visitor-requests')}?q=vera%20vets`)).json();
    expect(counts).toMatchObject({ list: 'visitor-requests', total: 1 });
    expect(counts.items).toEqual([
      expect.objectContaining({ botId, botName: 'Vera Vets', ownerEmail: owner.email, total: 2, new: 1 }),
    ]);
    expect(counts.items[0]).toMatchObject({ answered: 1, closed: 0 });

    for (const list of ['mail', 'visitor-requests'] as const) {
      expect((await get(adminListPath(list), owner.token)).statusCode).toBe(404);
      expect((await get(adminListPath(list), null)).statusCode).toBe(404);
    }
  });
});
