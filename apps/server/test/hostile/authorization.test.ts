import { createHmac } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance } from 'fastify';
import {
  API,
  API_MSG,
  ERROR_CODES,
  INSIGHTS_MSG,
  PAYMENT_MSG,
  SOURCES_MSG,
  adminListPath,
} from '@vuxo/shared';
import { apiRoutes, requestOf } from '../support/api-routes.js';
import { testDatabases } from '../support/databases.js';
import { botRow, listBots, planLimits, signIn, subscribe, type Owner } from '../support/dashboard-owners.js';
import {
  expiredToken,
  foreignProjectToken,
  revokeSessions,
  signInOnEmulator,
  signedCopy,
  signedWithWrongKey,
  updateAccount,
  withClaims,
} from '../support/emulator-users.js';
import { TEST_PROJECT_ID } from '../support/global-setup.js';
import { BASIC_PAYMENT, ownerWithHoldings, snapshotOf, type Holdings } from '../support/owner-holdings.js';
import { withProductionIdentity } from '../support/production-identity.js';
import { closedWithin, connect, parseResponse } from '../support/raw-http.js';
import { bearer, startTestApp, type TestApp } from '../support/test-app.js';
import { botConfig, uploadDocument } from '../support/wizard-flow.js';

/**
 * Authorization through the front door (issue 15): every owner route refuses every bad credential; owner B
 * reaches nothing of owner A's; no body sets what only the server sets; oversize bodies are refused before
 * they are read. The routes come from Fastify's own route tree: a route added later is covered, and one this
 * file cannot place (public, staff, or owner with its requests) fails the first test.
 */

/** Routes anyone may call: the site, the wizard before sign-in, the widget (by share id), Stripe. */
const PUBLIC = [
  `GET ${API.health}`,
  `GET ${API.clientConfig}`,
  `POST ${API.pageViews}`,
  `POST ${API.contactMessages}`,
  `POST ${API.extract}`,
  `POST ${API.uploadImage}`,
  `GET ${API.publicBotInfo}`,
  `POST ${API.chat}`,
  `POST ${API.generateQuestions}`,
  `POST ${API.chatFeedback}`,
  `GET ${API.botAvatarRoute}`,
  `POST ${API.stripeWebhook}`,
];
/** The staff console: a 404 to everyone not on ADMIN_EMAILS, as for a path that does not exist. */
const STAFF = { [`GET ${API.adminList}`]: { list: 'users' } };
/** Routes that read a multipart upload rather than JSON. */
const UPLOADS = [`POST ${API.extract}`, `POST ${API.uploadImage}`];

type Input = Record<string, unknown>;

/** Owner routes that name a bot, with the requests A makes about A's bot and what it holds. */
const routesNamingBot = (a: Holdings): Record<string, Input[]> => {
  const bot = { botId: a.botId };
  return {
    [`GET ${API.botDomains}`]: [bot],
    [`GET ${API.botConversations}`]: [bot, { ...bot, q: 'gift', page: 1 }],
    [`GET ${API.botConversationsCsv}`]: [bot],
    [`GET ${API.missedQuestions}`]: [bot],
    [`GET ${API.corrections}`]: [bot],
    [`GET ${API.botAnalytics}`]: [bot],
    [`GET ${API.botAnalyticsCsv}`]: [bot],
    [`GET ${API.botSources}`]: [bot],
    [`POST ${API.deleteBot}`]: [bot],
    [`POST ${API.updateBotDomains}`]: [{ ...bot, allowedDomains: ['attacker.example'] }],
    [`POST ${API.updateBotTheme}`]: [{ ...bot, themeId: 'healthcare' }],
    [`POST ${API.updateBotSettings}`]: [{ ...bot, contactEmail: 'mallory@example.com' }, bot],
    [`POST ${API.deleteConversation}`]: [{ ...bot, id: a.conversationId }],
    [`POST ${API.dismissMissedQuestion}`]: [{ ...bot, id: a.messageId }],
    [`POST ${API.saveCorrection}`]: [
      { ...bot, question: 'Do you sell gift cards?', answer: 'Ask Mallory.' },
      { ...bot, id: a.correctionId, question: 'Is there parking?', answer: 'No.' },
    ],
    [`POST ${API.deleteCorrection}`]: [{ ...bot, id: a.correctionId }],
    [`POST ${API.addBotSource}`]: [{ ...bot, url: 'https://attacker.example/', kind: 'page' }],
    [`POST ${API.refreshBotSource}`]: [{ ...bot, id: a.sourceId }],
    [`POST ${API.deleteBotSource}`]: [{ ...bot, id: a.sourceId }],
  };
};

const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123', postalCode: 'M5V 2T6' };

/** Owner routes that name no bot, with a request A would make. */
const otherOwnerRoutes = (a: Holdings): Record<string, Input[]> => ({
  [`GET ${API.me}`]: [{}],
  [`GET ${API.planStatus}`]: [{}],
  [`GET ${API.listBots}`]: [{}],
  [`POST ${API.saveConfig}`]: [botConfig(a.upload)],
  [`POST ${API.createPaymentIntent}`]: [BASIC_PAYMENT],
  [`POST ${API.confirmLocalPayment}`]: [{ paymentIntentId: a.paymentIntentId, card: CARD, billingName: 'A' }],
  [`POST ${API.voiceAgentRequests}`]: [{ name: 'Ada', plan: 'pro', chatbotType: 'text' }],
});

const LONG_AGO = '2001-01-01T00:00:00.000Z';
/** Fields only the server sets, in the API's and the database's spellings, naming A and A's bot. */
const forgedFields = (a: Holdings) => ({
  id: a.botId,
  ...{ userId: a.owner.uid, user_id: a.owner.uid, ownerId: a.owner.uid, uid: a.owner.uid },
  ...{ plan: 'enterprise', planKey: 'enterprise', plan_key: 'enterprise' },
  ...{ maxBots: 999, max_bots: 999, botCap: 999, currentBots: 0 },
  ...{ status: 'deleted', shareId: a.shareId, share_id: a.shareId },
  ...{ indexVersion: 'forged', index_version: 'forged', corrections_version: 'forged' },
  ...{ createdAt: LONG_AGO, created_at: LONG_AGO, updated_at: LONG_AGO, deleted_at: LONG_AGO },
  ...{ emailVerified: true, email_verified: 1, amount_cents: 1, currency: 'xxx' },
});

interface Credential {
  name: string;
  headers: Record<string, string>;
  status: number;
  body: object;
}
type Account = { idToken: string; uid: string };

describe.each(testDatabases())('authorization through the front door ($name)', (database) => {
  const unique = `${database.name}-${Date.now()}`;
  const staffEmail = `staff-${unique}@example.com`;
  let t: TestApp;
  let routes: string[];
  let a: Holdings;
  let b: Holdings;
  /** Signed in on the identity provider, but not to be let in: unverified, revoked, disabled; and staff. */
  let unverified: Account, revoked: Account, disabled: Account, staff: Account;

  const send = (route: string, input: Input, owner: Owner) =>
    t.app.inject(requestOf(route, input, bearer(owner.token)));
  const post = (owner: Owner, url: string, payload: Input) =>
    t.app.inject({ method: 'POST', url, headers: bearer(owner.token), payload });
  const answer = (res: { statusCode: number; json(): unknown }) => ({
    status: res.statusCode,
    body: res.json(),
  });
  const ownerRoutes = () => routes.filter((route) => !PUBLIC.includes(route) && !(route in STAFF));
  const ownerRequests = () => ({ ...routesNamingBot(a), ...otherOwnerRoutes(a) });
  const holdingsOfA = () => snapshotOf(t, a);

  beforeAll(async () => {
    t = await startTestApp({ database, env: { ADMIN_EMAILS: staffEmail } });
    routes = apiRoutes(t.app);
    const account = (name: string, emailVerified = true) =>
      signInOnEmulator(t.emulatorHost, { name, email: `${name}-${unique}@example.com`, emailVerified });
    [revoked, disabled, unverified] = [
      await account('rex'),
      await account('dot'),
      await account('una', false),
    ];
    staff = await signInOnEmulator(t.emulatorHost, { name: 'Stacy Staff', email: staffEmail });
    a = await ownerWithHoldings(t, 'Ada', database.name);
    b = await ownerWithHoldings(t, 'Mallory', database.name);
    // B may do everything a plan allows: only ownership stands between B and A's things.
    await subscribe(t, b.owner, 'pro');
    await revokeSessions(t.emulatorHost, TEST_PROJECT_ID, revoked.uid, revoked.idToken);
    await updateAccount(t.emulatorHost, TEST_PROJECT_ID, { localId: disabled.uid, disableUser: true });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
  }, 60_000);
  afterAll(() => t?.close());

  it('knows every API route the app serves: public, staff, or owner (naming a bot or not)', () => {
    // The route tree is read whole: every path the shared API names is among the routes.
    const paths = new Set(routes.map((route) => route.split(' ')[1]));
    expect(Object.values(API).filter((path) => !paths.has(path))).toEqual([]);
    expect(routes).toEqual(expect.arrayContaining([...PUBLIC, ...Object.keys(STAFF)]));
    // A new route fails here until it is placed: public (above), or owner with the requests it takes.
    expect(Object.keys(ownerRequests()).sort()).toEqual(ownerRoutes());
  });

  describe('the token matrix', () => {
    const invalid = { status: 401, body: { error: API_MSG.invalidToken } };
    const forUnknownUser = (token: string) =>
      withClaims(token, (claims) => {
        claims.sub = 'no-such-user-0000';
        claims.user_id = 'no-such-user-0000';
      });
    const badCredentials = (): Credential[] => [
      { name: 'no token', headers: {}, status: 401, body: { error: API_MSG.unauthenticated } },
      { name: 'a malformed token', headers: bearer('not-a-jwt'), ...invalid },
      { name: 'three empty segments', headers: bearer('a.b.c'), ...invalid },
      { name: 'an empty Bearer', headers: { authorization: 'Bearer ' }, ...invalid },
      { name: 'Basic credentials', headers: { authorization: 'Basic dXNlcjpwYXNz' }, ...invalid },
      { name: 'a wrong key', headers: bearer(signedWithWrongKey(a.owner.token)), ...invalid },
      { name: 'an expired token', headers: bearer(expiredToken(a.owner.token)), ...invalid },
      { name: 'another project', headers: bearer(foreignProjectToken(a.owner.token)), ...invalid },
      { name: 'an unknown user', headers: bearer(forUnknownUser(a.owner.token)), ...invalid },
      { name: 'a revoked token', headers: bearer(revoked.idToken), ...invalid },
      { name: 'a disabled account', headers: bearer(disabled.idToken), ...invalid },
      {
        name: 'an unverified email',
        headers: bearer(unverified.idToken),
        status: 403,
        body: { error: API_MSG.emailNotVerified, code: 'EMAIL_NOT_VERIFIED' },
      },
    ];

    /** Sends each route A's first request with each credential: the answers that are not the expected JSON. */
    async function wrongAnswers(app: FastifyInstance, targets: string[], credentials: Credential[]) {
      const requests: Record<string, Input> = { ...STAFF };
      for (const [route, inputs] of Object.entries(ownerRequests())) requests[route] = inputs[0]!;
      const wrong: string[] = [];
      for (const route of targets) {
        for (const credential of credentials) {
          const res = await app.inject(requestOf(route, requests[route]!, credential.headers));
          const json = /^application\/json/.test(String(res.headers['content-type']));
          if (
            res.statusCode !== credential.status ||
            !json ||
            !isDeepStrictEqual(res.json(), credential.body)
          )
            wrong.push(`${route} with ${credential.name}: ${res.statusCode} ${res.body.slice(0, 100)}`);
        }
      }
      return wrong;
    }

    it('refuses every bad credential on every owner route (401; 403 unverified), and changes nothing', async () => {
      const before = await holdingsOfA();
      expect(await wrongAnswers(t.app, ownerRoutes(), badCredentials())).toEqual([]);
      expect(await holdingsOfA()).toEqual(before);
      // A refused token records no one.
      const refused = [revoked.uid, disabled.uid, 'no-such-user-0000'];
      const users = await t.database.db.selectFrom('users').select('id').where('id', 'in', refused).execute();
      expect(users).toEqual([]);
    });

    it('answers 404 on the staff routes to every credential but staff, as for an unknown path', async () => {
      const notFound = { status: 404, body: { error: API_MSG.notFound } };
      const credentials = [
        ...badCredentials().map((credential) => ({ ...credential, ...notFound })),
        { name: "an owner's valid token", headers: bearer(b.owner.token), ...notFound },
      ];
      expect(await wrongAnswers(t.app, Object.keys(STAFF), credentials)).toEqual([]);
      const list = await t.app.inject({ url: adminListPath('users'), headers: bearer(staff.idToken) });
      expect(list.statusCode).toBe(200);
    });

    it('in production mode refuses unsigned (alg none) and HS256 tokens of a real owner, on every owner route', async () => {
      // The emulator's own tokens are unsigned: only production verification (RS256 and Google's keys) refuses them.
      const hs256 = (data: Buffer) => createHmac('sha256', 'secret').update(data).digest();
      const forged = [
        { name: 'alg none', headers: bearer(a.owner.token), ...invalid },
        {
          name: 'alg none, a kid',
          headers: bearer(signedCopy(a.owner.token, { alg: 'none', kid: 'k' })),
          ...invalid,
        },
        {
          name: 'HS256',
          headers: bearer(signedCopy(a.owner.token, { alg: 'HS256', kid: 'k' }, hs256)),
          ...invalid,
        },
      ];
      const wrong = await withProductionIdentity(t, (app) => wrongAnswers(app, ownerRoutes(), forged));
      expect(wrong).toEqual([]);
    });
  });

  describe("owner B against owner A's things", () => {
    it("answers B as for a bot that does not exist, on every route naming A's bot; A's bot is unchanged", async () => {
      for (const [route, inputs] of Object.entries(routesNamingBot(a))) {
        for (const input of inputs) {
          const before = await holdingsOfA();
          const res = await send(route, input, b.owner);
          const unknown = await send(route, { ...input, botId: 'bot_nosuchbot000000' }, b.owner);
          expect(unknown.json(), route).toMatchObject({ code: ERROR_CODES.botNotFound });
          expect(answer(res), `${route} ${JSON.stringify(input)}`).toEqual({
            status: 404,
            body: unknown.json(),
          });
          expect(await holdingsOfA(), route).toEqual(before);
        }
      }
    });

    it("answers 404 when B names B's own bot with A's conversation, question, correction or source", async () => {
      const notFound: Record<string, string> = {
        [`POST ${API.deleteConversation}`]: INSIGHTS_MSG.conversationNotFound,
        [`POST ${API.dismissMissedQuestion}`]: INSIGHTS_MSG.missedQuestionNotFound,
        [`POST ${API.saveCorrection}`]: INSIGHTS_MSG.correctionNotFound,
        [`POST ${API.deleteCorrection}`]: INSIGHTS_MSG.correctionNotFound,
        [`POST ${API.refreshBotSource}`]: SOURCES_MSG.sourceNotFound,
        [`POST ${API.deleteBotSource}`]: SOURCES_MSG.sourceNotFound,
      };
      const naming = Object.entries(routesNamingBot(a)).flatMap(([route, inputs]) =>
        inputs.filter((input) => 'id' in input).map((input) => [route, input] as const),
      );
      // Every request above that names one of A's things besides the bot is tried.
      expect(naming.map(([route]) => route).sort()).toEqual(Object.keys(notFound).sort());
      for (const [route, input] of naming) {
        const before = await holdingsOfA();
        const res = await send(route, { ...input, botId: b.botId }, b.owner);
        expect(answer(res), route).toEqual({ status: 404, body: { error: notFound[route] } });
        expect(await holdingsOfA(), route).toEqual(before);
      }
    });

    it("does not let B pay A's payment intent", async () => {
      const before = await holdingsOfA();
      const payment = { paymentIntentId: a.paymentIntentId, card: CARD, billingName: 'Mallory' };
      const res = await post(b.owner, API.confirmLocalPayment, payment);
      expect(answer(res)).toEqual({ status: 404, body: { error: PAYMENT_MSG.paymentNotFound } });
      expect(await holdingsOfA()).toEqual(before);
    });
  });

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
      const changed = { ...listed, themeId: 'healthcare', contactEmail: 'help@shop.example' };
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

  describe('oversize bodies are refused before they are read', () => {
    const postRoutes = () => routes.filter((route) => route.startsWith('POST '));
    const TOO_LARGE = { error: 'The request body is too large.' };

    /** Sends a request head and the start of a body, never the rest: the answer, and whether the server hung up. */
    async function answerToPartialBody(route: string, headers: string[], body = '{"a":') {
      const connection = await connect((t.app.server.address() as { port: number }).port);
      const head = [`POST ${route.slice('POST '.length)} HTTP/1.1`, 'host: localhost', ...headers];
      connection.socket.write(`${head.join('\r\n')}\r\n\r\n${body}`);
      const closed = await closedWithin(connection, 3000).then(
        () => true,
        () => false,
      );
      const { status, body: text } = parseResponse(connection.received());
      return { status, body: JSON.parse(text || 'null') as unknown, closed };
    }

    it('answers 413 to a JSON body over the limit on every POST route, and runs nothing', async () => {
      // A's own request about A's bot: had it run, A's holdings would show it.
      const before = await holdingsOfA();
      const pad = 'x'.repeat(t.app.initialConfig.bodyLimit!);
      for (const route of postRoutes()) {
        const res = await t.app.inject({
          method: 'POST',
          url: route.slice('POST '.length),
          headers: { ...bearer(a.owner.token), 'content-type': 'application/json' },
          payload: JSON.stringify({ botId: a.botId, pad }),
        });
        expect(answer(res), route).toEqual({ status: 413, body: TOO_LARGE });
      }
      expect(await holdingsOfA()).toEqual(before);
    });

    it('refuses at once, and hangs up on, a content-length far over the limit (uploads too)', async () => {
      for (const route of postRoutes()) {
        const type = UPLOADS.includes(route) ? 'multipart/form-data; boundary=x' : 'application/json';
        const headers = [
          `authorization: Bearer ${b.owner.token}`,
          `content-type: ${type}`,
          'content-length: 1073741824',
        ];
        // The body never comes: an answer at all is an answer before reading it.
        const answered = await answerToPartialBody(route, headers);
        expect(answered, route).toEqual({ status: 413, body: { error: expect.any(String) }, closed: true });
      }
    });

    it('stops reading a chunked JSON body at the limit and answers 413 before it ends', async () => {
      const chunk = (text: string) => `${text.length.toString(16)}\r\n${text}\r\n`;
      const overLimit = Math.ceil(t.app.initialConfig.bodyLimit! / 65536) + 1;
      const body = chunk('{"a":"') + chunk('x'.repeat(65536)).repeat(overLimit);
      for (const route of postRoutes().filter((route) => !UPLOADS.includes(route))) {
        const headers = ['content-type: application/json', 'transfer-encoding: chunked'];
        const answered = await answerToPartialBody(route, headers, body);
        expect(answered, route).toEqual({ status: 413, body: TOO_LARGE, closed: true });
      }
    });
  });
});
