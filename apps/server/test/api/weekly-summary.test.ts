import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { API, WEEKLY_SUMMARY_MSG, WEEKLY_UNSUBSCRIBE_PATH } from '@vuxo/shared';
import { createBot, signIn, type Owner } from '../support/dashboard-owners.js';
import { testDatabases } from '../support/databases.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { waitFor } from '../support/wizard-flow.js';

const DAY_MS = 86_400_000;
const SWEEP_MS = 40;

/** The weekly summary per owner and its RFC 8058 one-click unsubscribe, on a clock the test moves. */
describe.each(testDatabases())('the weekly summary ($name)', (database) => {
  let t: TestApp;
  let now = new Date();
  beforeAll(async () => {
    t = await startTestApp({ database, deps: { clock: () => now, sweepEveryMs: SWEEP_MS } });
  }, 60_000);
  afterAll(() => t.close());

  async function mailTo(owner: Owner): Promise<ParsedMail[]> {
    const dir = path.join(t.config.dataDir, 'outbox');
    const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml'));
    const parsed = await Promise.all(names.map(async (n) => simpleParser(await readFile(path.join(dir, n)))));
    return parsed.filter(
      (m) => m.to && !Array.isArray(m.to) && m.to.text === owner.email && m.subject === 'Your bots this week',
    );
  }
  const sweepsPass = () => new Promise((resolve) => setTimeout(resolve, SWEEP_MS * 8));

  it('sends each owner of a week one summary a week, with counts and a one-click unsubscribe that works', async () => {
    const owner = await signIn(t, 'Wes', database.name);
    const botId = await createBot(t, owner, 'Wes Windows');
    const chat = await t.app.inject({
      method: 'POST',
      url: API.chat,
      payload: { botConfigId: botId, message: 'Do you offer dental cleaning?', history: [] },
      remoteAddress: '10.90.0.1',
    });
    expect(chat.statusCode).toBe(200);
    const request = await t.app.inject({
      method: 'POST',
      url: API.visitorRequest,
      payload: {
        botConfigId: botId,
        consent: true,
        email: 'kim@example.org',
        question: 'Do you clean skylights?',
      },
      remoteAddress: '10.90.0.2',
    });
    expect(request.statusCode, request.body).toBe(200);
    await sweepsPass();
    expect(await mailTo(owner)).toEqual([]); // A new owner gets the first summary after a full week.

    await t.database.db
      .updateTable('users')
      .set({ created_at: new Date(Date.now() - 10 * DAY_MS).toISOString() })
      .where('id', '=', owner.uid)
      .execute();
    now = new Date(Date.now() + 60_000);
    const [summary] = await waitFor(
      () => mailTo(owner),
      (mails) => mails.length > 0,
    );
    await sweepsPass();
    expect(await mailTo(owner)).toHaveLength(1);
    expect(summary!.text).toContain('Wes Windows: 1 conversations, 1 missed questions, 1 open requests');
    const header = (name: string) =>
      summary!.headerLines.find((h) => h.key === name)?.line.replace(/^[^:]+:\s*/, '') ?? '';
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const url = new URL(/^<([^>]+)>$/.exec(header('list-unsubscribe'))![1]!);
    expect(url.pathname).toBe(WEEKLY_UNSUBSCRIBE_PATH);
    const target = `${url.pathname}${url.search}`;

    // The footer link's page asks first: a visit alone unsubscribes no one.
    const page = await t.app.inject({ method: 'GET', url: target });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(WEEKLY_SUMMARY_MSG.button);
    const forged = await t.app.inject({
      method: 'POST',
      url: `${WEEKLY_UNSUBSCRIBE_PATH}?token=${owner.uid}.AAAAAAAAAAAAAAAAAAAAAA`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toContain(WEEKLY_SUMMARY_MSG.invalidLink);
    const offBefore = await t.database.db
      .selectFrom('users')
      .select('weekly_summary_off')
      .where('id', '=', owner.uid)
      .executeTakeFirstOrThrow();
    expect(Number(offBefore.weekly_summary_off)).toBe(0);

    const oneClick = await t.app.inject({
      method: 'POST',
      url: target,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect(oneClick.body).toContain(WEEKLY_SUMMARY_MSG.done);

    now = new Date(Date.now() + 7 * DAY_MS + 60_000);
    await sweepsPass();
    expect(await mailTo(owner)).toHaveLength(1);
  });

  it('sends the next week’s summary to an owner who stayed subscribed', async () => {
    now = new Date();
    const owner = await signIn(t, 'Sue', database.name);
    await createBot(t, owner, 'Sue Sewing');
    await t.database.db
      .updateTable('users')
      .set({ created_at: new Date(Date.now() - 10 * DAY_MS).toISOString() })
      .where('id', '=', owner.uid)
      .execute();
    now = new Date(Date.now() + 60_000);
    await waitFor(
      () => mailTo(owner),
      (mails) => mails.length === 1,
    );
    now = new Date(Date.now() + 7 * DAY_MS + 60_000);
    const mails = await waitFor(
      () => mailTo(owner),
      (m) => m.length === 2,
    );
    for (const mail of mails)
      expect(mail.text).toContain('Sue Sewing: 0 conversations, 0 missed questions, 0 open requests');
  });
});
