import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import {
  API,
  CONTACT_MSG,
  INSIGHTS_MSG,
  VISITOR_ID_HEADER,
  botRequestsResponseSchema,
  parseReply,
} from '@vuxo/shared';
import { createBot, listBots, signIn, type Owner } from '../support/dashboard-owners.js';
import { testDatabases } from '../support/databases.js';
import { bearer, startTestApp, type TestApp } from '../support/test-app.js';
import { waitFor } from '../support/wizard-flow.js';

/**
 * The owner's "Requests" (decision 068): the list with the conversation before each request, a mailto reply
 * with the question quoted, status, search, the CSV export's escaping, the notification address, the
 * dashboard's count, another owner's 404 and the retention.
 */
describe.each(testDatabases())('the owner’s requests inbox ($name)', (database) => {
  let t: TestApp;
  let owner: Owner;
  let stranger: Owner;
  let botId: string;
  let address = 0;

  beforeAll(async () => {
    t = await startTestApp({ database });
    owner = await signIn(t, 'Ines', database.name);
    stranger = await signIn(t, 'Stan', database.name);
    botId = await createBot(t, owner, 'Ines Interiors');
  }, 60_000);
  afterAll(() => t.close());

  const visitorRequest = async (
    payload: Record<string, unknown>,
    from = `10.50.${++address}.1`,
    visitor = '',
  ) => {
    const res = await t.app.inject({
      method: 'POST',
      url: API.visitorRequest,
      payload: { botConfigId: botId, consent: true, ...payload },
      remoteAddress: from,
      headers: visitor ? { [VISITOR_ID_HEADER]: visitor } : {},
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const get = (who: Owner, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(who.token) });
  const post = (who: Owner, url: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, payload, headers: bearer(who.token) });
  const list = async (query = '') => {
    const res = await get(owner, `${API.botRequests}?botId=${botId}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return parseReply(botRequestsResponseSchema, res.json());
  };

  it('lists a request with the conversation before it and a mailto reply quoting the question', async () => {
    const from = '10.60.0.1';
    const chat = await t.app.inject({
      method: 'POST',
      url: API.chat,
      payload: { botConfigId: botId, message: 'Do you sell curtains?', history: [] },
      remoteAddress: from,
    });
    expect(chat.statusCode).toBe(200);
    await visitorRequest(
      { email: 'olga@example.org', name: 'Olga', question: 'Do you sell curtains?\nBlue ones' },
      from,
      chat.headers[VISITOR_ID_HEADER] as string,
    );

    const { requests, counts, total } = await list();
    expect(total).toBe(1);
    expect(counts).toEqual({ new: 1, answered: 0, closed: 0 });
    const [request] = requests;
    expect(request).toMatchObject({ status: 'new', email: 'olga@example.org', name: 'Olga', phone: null });
    expect(request!.conversation).toEqual([{ question: 'Do you sell curtains?', reply: expect.any(String) }]);
    const link = new URL(request!.replyLink!);
    expect(link.protocol).toBe('mailto:');
    expect(decodeURIComponent(link.pathname)).toBe('olga@example.org');
    expect(link.searchParams.get('subject')).toBe('Re: your question to Ines Interiors');
    expect(link.searchParams.get('body')).toContain('> Do you sell curtains?\n> Blue ones');
    expect((await listBots(t, owner)).find((b) => b.botId === botId)?.newRequests).toBe(1);
  });

  it('moves a request to answered and closed; the dashboard count follows; search finds it', async () => {
    await visitorRequest({ phone: '+44 20 7946 0018', question: 'Quote for a sofa?' });
    const sofa = (await list('&q=SOFA')).requests;
    expect(sofa.map((r) => r.question)).toEqual(['Quote for a sofa?']);
    expect((await list('&q=7946')).total).toBe(1);
    expect((await list('&q=%25')).total).toBe(0);
    expect((await listBots(t, owner)).find((b) => b.botId === botId)?.newRequests).toBe(2);

    const res = await post(owner, API.updateBotRequest, {
      botId,
      requestId: sofa[0]!.id,
      status: 'answered',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await list()).counts).toEqual({ new: 1, answered: 1, closed: 0 });
    expect((await list('&status=answered')).requests.map((r) => r.id)).toEqual([sofa[0]!.id]);
    expect((await listBots(t, owner)).find((b) => b.botId === botId)?.newRequests).toBe(1);
    await post(owner, API.updateBotRequest, { botId, requestId: sofa[0]!.id, status: 'closed' });
    expect((await list()).counts).toEqual({ new: 1, answered: 0, closed: 1 });

    const bad = await post(owner, API.updateBotRequest, { botId, requestId: sofa[0]!.id, status: 'deleted' });
    expect(bad.statusCode).toBe(400);
    const unknown = await post(owner, API.updateBotRequest, {
      botId,
      requestId: 'req_nope',
      status: 'closed',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(INSIGHTS_MSG.requestNotFound);
  });

  it('answers 404 to another owner for every call on the bot', async () => {
    const [request] = (await list()).requests;
    const calls = [
      get(stranger, `${API.botRequests}?botId=${botId}`),
      get(stranger, `${API.botRequestsCsv}?botId=${botId}`),
      get(stranger, `${API.botRequestSettings}?botId=${botId}`),
      post(stranger, API.updateBotRequest, { botId, requestId: request!.id, status: 'closed' }),
      post(stranger, API.updateBotRequestSettings, { botId, requestsOn: false, notifyEmail: null }),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(404);
    expect((await list()).requests.find((r) => r.id === request!.id)?.status).toBe(request!.status);
    expect((await get(owner, `${API.botRequests}?botId=${botId}`)).statusCode).toBe(200);
  });

  it('exports CSV with formula cells made inert', async () => {
    await visitorRequest({ email: 'evil@example.org', name: '=HYPERLINK("http://x")', question: '+SUM(A1)' });
    const res = await get(owner, `${API.botRequestsCsv}?botId=${botId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('created_at,status,name,email,phone,question');
    expect(res.body).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(res.body).toContain(`"'+SUM(A1)"`);
    expect(res.body).not.toMatch(/(^|,)"[=+\-@]/m);
  });

  it('sends notifications to the address the owner chooses, and refuses a bad one', async () => {
    // A list or a display name would send each notification to more than the owner chose (issue 43, F4).
    const stored = async () =>
      (
        await t.database.db
          .selectFrom('bots')
          .select('requests_email')
          .where('id', '=', botId)
          .executeTakeFirst()
      )?.requests_email;
    const before = await stored();
    for (const notifyEmail of [
      'nope',
      'victim3@target.example,postmaster,abuse',
      '"Vuxo"<victim2@target.example>',
      'Vuxo <victim2@target.example>',
      'a@b.c>,<d',
      'a@b.example;c@d.example',
      'a@b.example\r\nBcc: c@d.example',
    ]) {
      const bad = await post(owner, API.updateBotRequestSettings, { botId, requestsOn: true, notifyEmail });
      expect(bad.statusCode, notifyEmail).toBe(400);
      expect(bad.json().error, notifyEmail).toBe(CONTACT_MSG.invalid);
    }
    expect(await stored()).toBe(before);
    const res = await post(owner, API.updateBotRequestSettings, {
      botId,
      requestsOn: true,
      notifyEmail: ' leads@ines.example ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      requestsOn: true,
      notifyEmail: 'leads@ines.example',
      defaultEmail: owner.email,
      notifyState: 'waiting',
      pendingEmail: 'leads@ines.example',
      sendTo: owner.email,
    });
    // The new address gets visitors' requests once its holder confirms it (decision 085).
    const ask = await t.database.db
      .selectFrom('emails')
      .select('html')
      .where('to_address', '=', 'leads@ines.example')
      .executeTakeFirstOrThrow();
    const link = new URL(/href="([^"]+)"/.exec(ask.html)![1]!.replace(/&amp;/g, '&'));
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `${link.pathname}${link.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'answer=confirm',
    });
    expect(confirmed.statusCode).toBe(200);
    await visitorRequest({ email: 'pia@example.org', question: 'Do you deliver?' });
    const outbox = path.join(t.config.dataDir, 'outbox');
    const mails = await waitFor(
      async () => {
        const names = (await readdir(outbox).catch(() => [] as string[])).filter((n) => n.endsWith('.eml'));
        return Promise.all(names.map(async (n) => simpleParser(await readFile(path.join(outbox, n)))));
      },
      (parsed) => parsed.some((m) => m.text?.includes('Do you deliver?')),
    );
    const mail = mails.find((m) => m.text?.includes('Do you deliver?'))!;
    expect(mail.to).toMatchObject({ text: 'leads@ines.example' });
    expect(mail.html).toContain('Do you deliver?');
  });
});

describe.each(testDatabases())('requests are kept CHAT_RETENTION_DAYS ($name)', (database) => {
  it('the maintenance sweep removes older requests (and webhook deliveries) and keeps the rest', async () => {
    const t = await startTestApp({ database, env: { CHAT_RETENTION_DAYS: '30' } });
    try {
      const at = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
      const row = (id: string, created: string) => ({
        id,
        bot_id: 'bot_x',
        visitor: 'v',
        network: 'n',
        contact_key: 'e:a@b.co',
        conversation_id: null,
        email: 'a@b.co',
        phone: null,
        name: null,
        question: 'Q',
        created_at: created,
        updated_at: created,
      });
      await t.database.db
        .insertInto('visitor_requests')
        .values([row('req_old', at(31)), row('req_recent', at(29))])
        .execute();
      // The webhooks' delivery log carries the same words, and goes with them (decision 112).
      const delivery = (id: string, created: string) => ({
        id,
        webhook_id: 'wh_x',
        event: 'visitor_request.created',
        payload: '{}',
        status: 'delivered' as const,
        response_status: 200,
        last_error: null,
        created_at: created,
        last_attempt_at: created,
      });
      await t.database.db
        .insertInto('webhook_deliveries')
        .values([delivery('msg_old', at(31)), delivery('msg_recent', at(29))])
        .execute();
      // The sweep runs when the server is ready, then every hour.
      await t.app.ready();
      await expect
        .poll(
          async () =>
            (await t.database.db.selectFrom('visitor_requests').select('id').execute()).map((r) => r.id),
          {
            timeout: 10_000,
            interval: 50,
          },
        )
        .toEqual(['req_recent']);
      await expect
        .poll(
          async () =>
            (await t.database.db.selectFrom('webhook_deliveries').select('id').execute()).map((r) => r.id),
          { timeout: 10_000, interval: 50 },
        )
        .toEqual(['msg_recent']);
    } finally {
      await t.close();
    }
  });
});
