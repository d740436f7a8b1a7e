import { testDatabases } from '../support/databases.js';
import { apiRoutes } from '../support/api-routes.js';
import { inShapeOf } from '../support/public-api.js';
import { ownerWithHoldings, snapshotOf, type Holdings } from '../support/owner-holdings.js';
import { closedWithin, connect, parseResponse } from '../support/raw-http.js';
import { bearer, startTestApp, type TestApp } from '../support/test-app.js';
import { UPLOADS } from './owner-routes.js';

/**
 * Oversize bodies through the front door (issue 15), on every POST route the app serves (read from Fastify's
 * route tree): a body over the limit is answered 413 and runs nothing; a declared length far over it, or a
 * chunked body that passes it, is refused before it is read, and the connection is closed.
 */
describe.each(testDatabases())('oversize bodies ($name)', (database) => {
  let t: TestApp;
  let routes: string[];
  let a: Holdings;
  let b: Holdings;

  const answer = (res: { statusCode: number; json(): unknown }) => ({
    status: res.statusCode,
    body: res.json(),
  });
  const holdingsOfA = () => snapshotOf(t, a);

  beforeAll(async () => {
    t = await startTestApp({ database });
    routes = apiRoutes(t.app);
    a = await ownerWithHoldings(t, 'Ada', database.name);
    b = await ownerWithHoldings(t, 'Mallory', database.name);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
  }, 60_000);
  afterAll(() => t?.close());

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
        expect(answer(res), route).toEqual({ status: 413, body: inShapeOf(route, 413, TOO_LARGE) });
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
        expect(answered, route).toEqual({
          status: 413,
          body: inShapeOf(route, 413, { error: expect.any(String) }),
          closed: true,
        });
      }
    });

    it('stops reading a chunked JSON body at the limit and answers 413 before it ends', async () => {
      const chunk = (text: string) => `${text.length.toString(16)}\r\n${text}\r\n`;
      const overLimit = Math.ceil(t.app.initialConfig.bodyLimit! / 65536) + 1;
      const body = chunk('{"a":"') + chunk('x'.repeat(65536)).repeat(overLimit);
      for (const route of postRoutes().filter((route) => !UPLOADS.includes(route))) {
        const headers = ['content-type: application/json', 'transfer-encoding: chunked'];
        const answered = await answerToPartialBody(route, headers, body);
        expect(answered, route).toEqual({
          status: 413,
          body: inShapeOf(route, 413, TOO_LARGE),
          closed: true,
        });
      }
    });
  });
});
