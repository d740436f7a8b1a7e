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
  DOCUMENTS_MSG,
  adminListPath,
} from '@vuxo/shared';
import { apiRoutes, requestOf } from '../support/api-routes.js';
import { inShapeOf } from '../support/public-api.js';
import { testDatabases } from '../support/databases.js';
import { subscribe, type Owner } from '../support/dashboard-owners.js';
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
import { ownerWithHoldings, snapshotOf, type Holdings } from '../support/owner-holdings.js';
import { withProductionIdentity } from '../support/production-identity.js';
import { bearer, startTestApp, type TestApp } from '../support/test-app.js';
import { CARD, KEYED, PUBLIC, STAFF, otherOwnerRoutes, routesNamingBot, type Input } from './owner-routes.js';

/**
 * Authorization through the front door (issue 15): every owner route refuses every bad credential, and owner B
 * reaches nothing of owner A's. The routes come from Fastify's own route tree: a route added later is covered,
 * and one `owner-routes.ts` cannot place (public, staff, or owner with its requests) fails the first test.
 * Bodies that set server fields and oversize bodies have their own suites beside this one.
 */

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
  const ownerRoutes = () =>
    routes.filter((route) => !PUBLIC.includes(route) && !KEYED.includes(route) && !(route in STAFF));
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
  }, 60_000);
  afterAll(() => t?.close());

  it('knows every API route the app serves: public, staff, or owner (naming a bot or not)', () => {
    // The route tree is read whole: every path the shared API names is among the routes.
    const paths = new Set(routes.map((route) => route.split(' ')[1]));
    expect(Object.values(API).filter((path) => !paths.has(path))).toEqual([]);
    expect(routes).toEqual(expect.arrayContaining([...PUBLIC, ...KEYED, ...Object.keys(STAFF)]));
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
            !isDeepStrictEqual(res.json(), inShapeOf(route, credential.status, credential.body))
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
          expect(unknown.json(), route).toMatchObject(
            inShapeOf(route, 404, { code: ERROR_CODES.botNotFound, error: expect.any(String) }),
          );
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
        [`POST ${API.pauseBotSource}`]: SOURCES_MSG.sourceNotFound,
        [`POST ${API.chooseSourceFact}`]: SOURCES_MSG.sourceNotFound,
        [`POST ${API.deleteBotSource}`]: SOURCES_MSG.sourceNotFound,
        [`POST ${API.deleteBotDocument}`]: DOCUMENTS_MSG.documentNotFound,
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
});
