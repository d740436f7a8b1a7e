import { API } from '@vuxo/shared';
import { requestOf } from '../support/api-routes.js';
import { testDatabases } from '../support/databases.js';
import {
  botRow,
  listBots,
  planLimits,
  signIn,
  subscribe,
  type OwnerRef,
} from '../support/dashboard-owners.js';
import { signInOnEmulator } from '../support/emulator-users.js';
import { BASIC_PAYMENT, ownerWithHoldings, snapshotOf, type Holdings } from '../support/owner-holdings.js';
import { bearer, startTestApp, type TestApp } from '../support/test-app.js';
import { botConfig, uploadDocument } from '../support/wizard-flow.js';
import { CARD, forgedFields, type Input } from './owner-routes.js';

/**
 * Mass assignment through the front door (issue 15): fields only the server sets (owner, plan, cap, status,
 * share id, versions, dates), sent in a body or a query in the spellings of the API and the database,
 * change nothing, and never reach another owner's things.
 */
describe.each(testDatabases())('mass assignment ($name)', (database) => {
  let t: TestApp;
  let a: Holdings;
  let b: Holdings;
  /** Signed in on the identity provider with an email not yet verified. */
  let unverified: { idToken: string; uid: string };

  const send = (route: string, input: Input, owner: OwnerRef) =>
    t.app.inject(requestOf(route, input, bearer(owner.token)));
  const post = (owner: OwnerRef, url: string, payload: Input) =>
    t.app.inject({ method: 'POST', url, headers: bearer(owner.token), payload });
  const holdingsOfA = () => snapshotOf(t, a);

  beforeAll(async () => {
    t = await startTestApp({ database });
    unverified = await signInOnEmulator(t.emulatorHost, {
      name: 'una',
      email: `una-${database.name}-${Date.now()}@example.com`,
      emailVerified: false,
    });
    a = await ownerWithHoldings(t, 'Ada', database.name);
    b = await ownerWithHoldings(t, 'Mallory', database.name);
    // B may do everything a plan allows: only the server's own fields are out of B's reach.
    await subscribe(t, b.owner, 'pro');
  }, 60_000);
  afterAll(() => t?.close());

  describe('mass assignment: a body sets its own fields and nothing else', () => {
    it("save-config: owner, plan, cap, status, share id, versions and dates are the server's", async () => {
      const c = await signIn(t, 'Carla', database.name);
      const aBots = await listBots(t, a.owner);
      const upload = await uploadDocument(t.app, { token: c.token });
      const config = botConfig(upload, { botName: 'Carla Bot' });
      const res = await post(c, API.saveConfig, { ...forgedFields(a), ...config });
      expect(res.statusCode, res.body).toBe(200);
      const { botId } = res.json() as { botId: string };

      const [mine, ...more] = await listBots(t, c);
      expect(more).toEqual([]);
      expect(mine).toMatchObject({ botId, botName: 'Carla Bot' });
      expect(mine!.shareId).not.toBe(a.shareId);
      expect(Date.parse(mine!.createdAt)).toBeGreaterThan(Date.now() - 60_000);
      expect(await planLimits(t, c)).toMatchObject({
        planName: 'Free Trial',
        limits: { currentBots: 1, maxBots: 1 },
      });
      expect(await listBots(t, a.owner)).toEqual(aBots);
      // No API shows the versions: they are read from the database.
      const row = await botRow(t, botId);
      expect(row).toMatchObject({ user_id: c.uid, deleted_at: null });
      expect([row.index_version, row.corrections_version]).not.toContain('forged');
    });

    it('the share settings (domains, theme, contact) change their own field and nothing else', async () => {
      const before = await botRow(t, b.botId);
      const [listed] = await listBots(t, b.owner);
      const aBefore = await holdingsOfA();
      for (const [url, change] of [
        [API.updateBotDomains, { allowedDomains: ['shop.example'] }],
        [API.updateBotTheme, { themeId: 'healthcare' }],
        [API.updateBotSettings, { contactEmail: 'help@shop.example' }],
      ] as const) {
        const res = await post(b.owner, url, { ...forgedFields(a), ...change, botId: b.botId });
        expect(res.statusCode, `${url} ${res.body}`).toBe(200);
      }
      expect(await botRow(t, b.botId)).toEqual({
        ...before,
        allowed_domains: '["shop.example"]',
        theme_id: 'healthcare',
        contact_email: 'help@shop.example',
        updated_at: expect.any(String),
      });
      const changed = {
        ...listed,
        themeId: 'healthcare',
        contactEmail: 'help@shop.example',
        contactChoice: 'other',
      };
      expect(await listBots(t, b.owner)).toEqual([changed]);
      const domains = await send(`GET ${API.botDomains}`, { botId: b.botId }, b.owner);
      expect(domains.json()).toEqual({ botId: b.botId, allowedDomains: ['shop.example'] });
      expect(await holdingsOfA()).toEqual(aBefore);
    });

    it('payments: the plan and amount come from the plan table, the payer from the token', async () => {
      const p = await signIn(t, 'Paul', database.name);
      const aBefore = await holdingsOfA();
      const aPlan = await planLimits(t, a.owner);
      const forged = { ...forgedFields(a), status: 'succeeded', planKey: 'pro', plan_key: 'pro' };
      const intent = await post(p, API.createPaymentIntent, { ...forged, ...BASIC_PAYMENT });
      expect(intent.statusCode, intent.body).toBe(200);
      expect((await planLimits(t, p)).planName).toBe('Free Trial');

      const { paymentIntentId } = intent.json() as { paymentIntentId: string };
      const payment = { paymentIntentId, card: CARD, billingName: 'Paul' };
      const paid = await post(p, API.confirmLocalPayment, { ...forged, ...payment });
      expect(paid.json()).toEqual({ status: 'succeeded', planName: 'Basic' });
      expect(await planLimits(t, p)).toMatchObject({ planName: 'Basic', limits: { maxBots: 3 } });
      const stored = await t.database.db
        .selectFrom('payments')
        .select(['user_id', 'plan_key', 'amount_cents', 'status'])
        .where('provider_payment_id', '=', paymentIntentId)
        .execute();
      expect(stored).toEqual([
        { user_id: p.uid, plan_key: 'basic', amount_cents: 1900, status: 'succeeded' },
      ]);
      expect(await planLimits(t, a.owner)).toEqual(aPlan);
      expect(await holdingsOfA()).toEqual(aBefore);
    });

    it('the profile is what the token says: no query or body changes it', async () => {
      const claimed = {
        displayName: 'Mallory',
        email: 'mallory@example.com',
        emailVerified: 'true',
        id: b.owner.uid,
      };
      const me = (token: string) => t.app.inject({ url: API.me, query: claimed, headers: bearer(token) });
      expect((await me(a.owner.token)).json()).toEqual({
        user: { id: a.owner.uid, email: a.owner.email, displayName: 'Ada', emailVerified: true },
      });
      const una = { token: unverified.idToken, uid: unverified.uid, email: '' };
      const save = await post(una, API.saveConfig, {
        ...botConfig(a.upload),
        emailVerified: true,
        email_verified: 1,
      });
      expect([(await me(una.token)).statusCode, save.statusCode]).toEqual([403, 403]);
      const row = await t.database.db
        .selectFrom('users')
        .select('email_verified')
        .where('id', '=', unverified.uid)
        .executeTakeFirstOrThrow();
      expect(row.email_verified).toBe(0);
    });
  });
});
