import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { API, API_MSG, VISITOR_ID_HEADER, VISITOR_REQUEST_LIMITS, VISITOR_REQUEST_MSG } from '@vuxo/shared';
import { createBot, signIn, type Owner } from '../support/dashboard-owners.js';
import { testDatabases } from '../support/databases.js';
import { bearer, startTestApp, type TestApp } from '../support/test-app.js';
import { waitFor } from '../support/wizard-flow.js';

const UNANSWERABLE = 'Do you offer dental cleaning?';

/**
 * A visitor's request to be contacted (decision 068), with no SMTP_URL: the owner's notification goes to
 * DATA_DIR/outbox as an .eml file. Validation, the per-day limits and the per-bot off switch.
 */
describe.each(testDatabases())('visitor requests and the local outbox ($name)', (database) => {
  let t: TestApp;
  let owner: Owner;
  let botId: string;
  let address = 0;
  const outbox = () => path.join(t.config.dataDir, 'outbox');

  beforeAll(async () => {
    t = await startTestApp({ database });
    owner = await signIn(t, 'Rhea', database.name);
    botId = await createBot(t, owner, 'Rhea Repairs');
  }, 60_000);
  afterAll(() => t.close());

  /** Each call from its own network unless told, so the per-address limits never meet by accident. */
  const send = (payload: Record<string, unknown>, opts: { from?: string; visitor?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: API.visitorRequest,
      payload: { botConfigId: botId, consent: true, ...payload },
      remoteAddress: opts.from ?? `10.${++address % 250}.${Math.floor(address / 250)}.9`,
      headers: opts.visitor ? { [VISITOR_ID_HEADER]: opts.visitor } : {},
    });
  const rows = () =>
    t.database.db.selectFrom('visitor_requests').selectAll().where('bot_id', '=', botId).execute();

  it('stores the request with the conversation before it and writes the owner’s mail to the outbox', async () => {
    const chat = await t.app.inject({
      method: 'POST',
      url: API.chat,
      payload: { botConfigId: botId, message: UNANSWERABLE, history: [] },
      remoteAddress: '10.200.0.1',
    });
    expect(chat.statusCode).toBe(200);
    const visitor = chat.headers[VISITOR_ID_HEADER] as string;
    const res = await send(
      { email: 'dana@example.org', name: 'Dana', question: `${UNANSWERABLE} <script>alert(1)</script>` },
      { from: '10.200.0.1', visitor },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true });

    const files = await waitFor(
      () => readdir(outbox()).catch(() => [] as string[]),
      (names) => names.some((n) => n.endsWith('.eml')),
    );
    const eml = await readFile(
      path.join(
        outbox(),
        files.find((n) => n.endsWith('.eml'))!,
      ),
      'utf8',
    );
    expect(eml).toMatch(new RegExp(`^To: ${owner.email.replace(/[.+]/g, '\\$&')}$`, 'm'));
    expect(eml).toMatch(/^Reply-To: dana@example\.org$/m);
    expect(eml).toContain('multipart/alternative');
    expect(eml).toContain('text/plain');
    // Hostile input stays text: escaped in the HTML part, never markup.
    const parsed = await simpleParser(eml);
    expect(parsed.html).not.toContain('<script>alert(1)</script>');
    expect(parsed.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(parsed.text).toContain(`${UNANSWERABLE} <script>alert(1)</script>`);
    // The plain-text part says how to reply, with the address as written: no mailto link broken by its encoding.
    expect(parsed.text).toContain('Replying to this email answers Dana at dana@example.org.');
    expect(parsed.text).not.toMatch(/%40|mailto/);
    expect(parsed.html).toContain('href="mailto:');
    const [stored] = await rows();
    expect(stored).toMatchObject({ email: 'dana@example.org', name: 'Dana', status: 'new', phone: null });
    expect(stored!.conversation_id).not.toBeNull();
    const mail = await waitFor(
      () =>
        t.database.db.selectFrom('emails').selectAll().where('bot_id', '=', botId).executeTakeFirstOrThrow(),
      (row) => row.status === 'sent',
    );
    expect(mail).toMatchObject({ kind: 'visitor-request', to_address: owner.email, attempts: 1 });
  });

  it('refuses bad input with its message and writes nothing', async () => {
    const before = (await rows()).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ question: 'Hi' }, VISITOR_REQUEST_MSG.contactRequired],
      [{ email: 'not-an-address', question: 'Hi' }, VISITOR_REQUEST_MSG.emailInvalid],
      [{ phone: 'call me maybe', question: 'Hi' }, VISITOR_REQUEST_MSG.phoneInvalid],
      [{ email: 'a@b.co', question: '  ' }, VISITOR_REQUEST_MSG.questionRequired],
      [{ email: 'a@b.co', question: 'x'.repeat(2_001) }, VISITOR_REQUEST_MSG.questionTooLong],
      [{ email: 'a@b.co', name: 'A\r\nBcc: x@y.z', question: 'Hi' }, 'Please keep this on one line'],
      [{ email: 'a@b.co', question: 'Hi', consent: false }, VISITOR_REQUEST_MSG.consentRequired],
    ];
    for (const [payload, message] of cases) {
      const res = await send(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toBe(message);
    }
    expect((await send({ email: 'a@b.co', question: 'Hi', botConfigId: 'nope' })).statusCode).toBe(404);
    expect((await rows()).length).toBe(before);
  });

  it('refuses a Reply-To that is not one plain address and controls in the phone or name, sending nothing (issue 43)', async () => {
    const before = (await rows()).length;
    const mails = async () =>
      (await t.database.db.selectFrom('emails').select('id').where('bot_id', '=', botId).execute()).length;
    const mailsBefore = await mails();
    const cases: [Record<string, unknown>, string][] = [
      [{ email: '"Vuxo-Support" <attacker@evil.example>' }, VISITOR_REQUEST_MSG.emailInvalid],
      [{ email: 'Vuxo<attacker@evil.example>' }, VISITOR_REQUEST_MSG.emailInvalid],
      [{ email: 'victim3@target.example,postmaster,abuse' }, VISITOR_REQUEST_MSG.emailInvalid],
      [{ email: 'a@b.co;c@d.co' }, VISITOR_REQUEST_MSG.emailInvalid],
      [{ phone: '+1 416\r\nBcc: x@y.example' }, VISITOR_REQUEST_MSG.phoneControl],
      [{ phone: '+1 416\n555 0100' }, VISITOR_REQUEST_MSG.phoneControl],
      [{ phone: '+1\t416 555 0100' }, VISITOR_REQUEST_MSG.phoneControl],
      [{ email: 'a@b.co', name: 'Ann\tLee' }, VISITOR_REQUEST_MSG.nameControl],
      [{ email: 'a@b.co', name: 'Ann\u001b[2JLee' }, VISITOR_REQUEST_MSG.nameControl],
      [{ email: 'a@b.co', name: 'Ann\u0085Lee' }, 'Please keep this on one line'],
      // A NUL anywhere in a body is refused before any route reads it (hostile/nul-characters.test.ts).
      [{ email: 'a@b.co', name: 'Ann\u0000' }, API_MSG.badRequest],
    ];
    for (const [payload, message] of cases) {
      const res = await send({ question: 'Hi', ...payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error, JSON.stringify(payload)).toBe(message);
    }
    expect((await rows()).length).toBe(before);
    expect(await mails()).toBe(mailsBefore);
  });

  it('limits requests per visitor and per address each day (429), counting only what was stored', async () => {
    const first = await send({ phone: '+1 416 555 0100', question: 'Call me?' }, { from: '10.201.0.1' });
    const visitor = first.headers[VISITOR_ID_HEADER] as string;
    for (let i = 1; i < VISITOR_REQUEST_LIMITS.perVisitor; i++) {
      expect(
        (await send({ phone: `+1 416 555 01${10 + i}`, question: 'Again?' }, { visitor })).statusCode,
      ).toBe(200);
    }
    const over = await send({ phone: '+1 416 555 0199', question: 'Once more?' }, { visitor });
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toBe(VISITOR_REQUEST_MSG.limitReached);

    // The same address from new visitors: the address's own limit, however it is written.
    const spellings = ['Same@Example.org', 'same@example.org', ' SAME@example.ORG '];
    for (const email of spellings) expect((await send({ email, question: 'Hello?' })).statusCode).toBe(200);
    expect((await send({ email: 'same@EXAMPLE.org', question: 'Hello?' })).statusCode).toBe(429);
    // A mailbox that ignores `+tags` counts once however it is tagged (issue 43, F6).
    const tagged = ['same+1@gmail.com', 'Same+2@gmail.com', 's.ame@googlemail.com'];
    for (const email of tagged) expect((await send({ email, question: 'Hello?' })).statusCode).toBe(200);
    expect((await send({ email: 'same+4@gmail.com', question: 'Hello?' })).statusCode).toBe(429);
  });

  it('limits requests per bot each day, and a bot with requests off takes none', async () => {
    const other = await signIn(t, 'Bea', database.name);
    const botB = await createBot(t, other, 'Busy Bakery');
    for (let i = 0; i < VISITOR_REQUEST_LIMITS.perBot; i++) {
      const res = await send({ botConfigId: botB, email: `v${i}@example.net`, question: `Q${i}` });
      expect(res.statusCode, res.body).toBe(200);
    }
    const over = await send({ botConfigId: botB, email: 'late@example.net', question: 'Q' });
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toBe(VISITOR_REQUEST_MSG.botLimitReached);

    // The widget learns from the bot's public info whether to offer the form at all.
    const info = async () =>
      (await t.app.inject({ method: 'GET', url: `${API.publicBotInfo}?shareId=${botId}` })).json()
        .publicBotInfo as { requestsOff?: boolean };
    expect((await info()).requestsOff).toBeUndefined();
    const off = await t.app.inject({
      method: 'POST',
      url: API.updateBotRequestSettings,
      headers: bearer(owner.token),
      payload: { botId, requestsOn: false, notifyEmail: null },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ requestsOn: false, notifyEmail: null, defaultEmail: owner.email });
    const refused = await send({ email: 'off@example.net', question: 'Anyone?' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(VISITOR_REQUEST_MSG.off);
    expect((await info()).requestsOff).toBe(true);
  }, 60_000);
});
