import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { API, MAIL_CONFIRM_MSG, MAIL_LIMITS, VISITOR_REQUEST_LIMITS } from '@vuxo/shared';
import { createBot, signIn, type Owner } from '../support/dashboard-owners.js';
import { testDatabases } from '../support/databases.js';
import { bearer, startTestApp, type TestApp } from '../support/test-app.js';
import { waitFor } from '../support/wizard-flow.js';

const VICTIM = 'victim@target.example';

/**
 * Issue 43, F1 (decision 085): an address other than the owner's verified sign-in email gets nothing from Vuxo
 * until its holder confirms it from a signed link; the holder may also refuse every mail for good.
 */
describe.each(testDatabases())('addresses confirmed before Vuxo mails them ($name)', (database) => {
  let t: TestApp;
  let network = 0;

  beforeAll(async () => {
    t = await startTestApp({ database });
  }, 60_000);
  afterAll(() => t.close());

  const mailsTo = async (address: string, kind?: string) => {
    let query = t.database.db.selectFrom('emails').selectAll().where('to_address', '=', address);
    if (kind) query = query.where('kind', '=', kind);
    return query.execute();
  };
  /** Every .eml the local outbox wrote, by its To line. */
  const outboxTo = async (address: string) => {
    const dir = path.join(t.config.dataDir, 'outbox');
    const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml'));
    const heads = await Promise.all(names.map((n) => readFile(path.join(dir, n), 'utf8')));
    return heads.filter((eml) => new RegExp(`^To: ${address.replace(/[.+]/g, '\\$&')}$`, 'mi').test(eml));
  };
  const allSent = () =>
    waitFor(
      () => t.database.db.selectFrom('emails').select('status').where('status', '=', 'queued').execute(),
      (rows) => rows.length === 0,
    );
  /** A visitor's request, each from a network of its own so only the per-bot cap can stop it. */
  const request = (botId: string, i: number) =>
    t.app.inject({
      method: 'POST',
      url: API.visitorRequest,
      payload: {
        botConfigId: botId,
        consent: true,
        email: `visitor${i}-${++network}@example.net`,
        name: 'Vuxo Support',
        question: `Your account is locked, sign in at https://evil.example/${i}`,
      },
      remoteAddress: `10.${60 + (network % 150)}.${Math.floor(network / 150)}.7`,
    });
  const saveNotify = (owner: Owner, botId: string, notifyEmail: string | null) =>
    t.app.inject({
      method: 'POST',
      url: API.updateBotRequestSettings,
      headers: bearer(owner.token),
      payload: { botId, requestsOn: true, notifyEmail },
    });
  /** The confirmation link of the latest mail to the address, as its holder would open it. */
  const linkTo = async (address: string) => {
    const [mail] = (await mailsTo(address, 'address-confirmation')).sort((a, b) =>
      b.created_at.localeCompare(a.created_at),
    );
    const href = /href="([^"]+)"/.exec(mail!.html)![1]!.replace(/&amp;/g, '&');
    const url = new URL(href);
    return `${url.pathname}${url.search}`;
  };
  const answer = (link: string, choice: 'confirm' | 'refuse') =>
    t.app.inject({
      method: 'POST',
      url: link,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `answer=${choice}`,
    });

  it('sends 60 requests to the owner’s verified email, none to an unconfirmed address, and to it once confirmed', async () => {
    const owner = await signIn(t, 'Mallory', database.name);
    const botId = await createBot(t, owner, 'Mallory Mail');

    const saved = await saveNotify(owner, botId, VICTIM);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      notifyEmail: VICTIM,
      notifyState: 'waiting',
      pendingEmail: VICTIM,
      sendTo: owner.email,
    });
    // The one mail the address gets asks first, and carries nothing the owner wrote but their address.
    const [ask] = await mailsTo(VICTIM);
    expect(ask).toMatchObject({ kind: 'address-confirmation', user_id: owner.uid });
    expect(ask!.text).toContain(MAIL_CONFIRM_MSG.question(VICTIM, owner.email));

    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push((await request(botId, i)).statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(VISITOR_REQUEST_LIMITS.perBot);
    await allSent();
    expect((await mailsTo(VICTIM)).map((m) => m.kind)).toEqual(['address-confirmation']);
    expect(await outboxTo(VICTIM)).toHaveLength(1);
    expect(await mailsTo(owner.email, 'visitor-request')).toHaveLength(VISITOR_REQUEST_LIMITS.perBot);

    // The GET page only asks; the holder's POST confirms.
    const link = await linkTo(VICTIM);
    const page = await t.app.inject({ method: 'GET', url: link });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(MAIL_CONFIRM_MSG.confirm);
    expect(page.body).toContain(MAIL_CONFIRM_MSG.refuse);
    const settings = await t.app.inject({
      method: 'GET',
      url: `${API.botRequestSettings}?botId=${botId}`,
      headers: bearer(owner.token),
    });
    expect(settings.json()).toMatchObject({ notifyState: 'waiting' });
    const confirmed = await answer(link, 'confirm');
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain(MAIL_CONFIRM_MSG.confirmed(VICTIM));

    const botB = await createBot(t, owner, 'Mallory Second');
    await saveNotify(owner, botB, 'Victim@Target.example');
    expect((await request(botB, 99)).statusCode).toBe(200);
    await allSent();
    expect(await mailsTo(VICTIM, 'visitor-request')).toHaveLength(1);
    expect(await outboxTo(VICTIM)).toHaveLength(2);
  }, 120_000);

  it('asks an address at most a few times a day, per owner and per address', async () => {
    const owner = await signIn(t, 'Oscar', database.name);
    const botId = await createBot(t, owner, 'Oscar Opticians');
    for (let i = 0; i < 4; i++)
      expect((await saveNotify(owner, botId, 'again@target.example')).statusCode).toBe(200);
    expect(await mailsTo('again@target.example')).toHaveLength(MAIL_LIMITS.confirmationsPerAddress);
    for (const n of [1, 2, 3, 4]) await saveNotify(owner, botId, `other${n}@target.example`);
    const asked = await t.database.db
      .selectFrom('emails')
      .select('to_address')
      .where('kind', '=', 'address-confirmation')
      .where('user_id', '=', owner.uid)
      .execute();
    expect(asked).toHaveLength(MAIL_LIMITS.confirmationsPerOwner);
  });

  it('keeps an address refused for every owner, and the owner is told', async () => {
    const first = await signIn(t, 'Rita', database.name);
    const second = await signIn(t, 'Sam', database.name);
    const botA = await createBot(t, first, 'Rita Rentals');
    const botB = await createBot(t, second, 'Sam Supplies');
    await saveNotify(first, botA, 'nobody@target.example');
    const refused = await answer(await linkTo('nobody@target.example'), 'refuse');
    expect(refused.statusCode).toBe(200);
    expect(refused.body).toContain(MAIL_CONFIRM_MSG.refused('nobody@target.example'));

    const saved = await saveNotify(second, botB, 'nobody@target.example');
    expect(saved.json()).toMatchObject({ notifyState: 'refused', pendingEmail: 'nobody@target.example' });
    expect(await mailsTo('nobody@target.example')).toHaveLength(1);
    expect((await request(botB, 1)).statusCode).toBe(200);
    await allSent();
    expect(await mailsTo('nobody@target.example')).toHaveLength(1);
    expect(await mailsTo(second.email, 'visitor-request')).toHaveLength(1);
  });

  it('treats the bot’s “other” contact the same', async () => {
    const owner = await signIn(t, 'Uma', database.name);
    const botId = await createBot(t, owner, 'Uma Upholstery');
    const res = await t.app.inject({
      method: 'POST',
      url: API.updateBotSettings,
      headers: bearer(owner.token),
      payload: { botId, contactChoice: 'other', contactEmail: 'desk@target.example' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await mailsTo('desk@target.example', 'address-confirmation')).toHaveLength(1);
    expect((await request(botId, 1)).statusCode).toBe(200);
    await allSent();
    expect(await mailsTo('desk@target.example', 'visitor-request')).toHaveLength(0);
    expect(await mailsTo(owner.email, 'visitor-request')).toHaveLength(1);
  });

  it('refuses a link that was tampered with, and posts nothing on a GET', async () => {
    const owner = await signIn(t, 'Wen', database.name);
    const botId = await createBot(t, owner, 'Wen Windows');
    await saveNotify(owner, botId, 'check@target.example');
    const link = await linkTo('check@target.example');
    // One character of the signature changed (its last one too: a decoder ignores some of its bits).
    const swap = (c: string) => (c === 'A' ? 'B' : 'A');
    const forge = (token: string, at: number) =>
      `${token.slice(0, at)}${swap(token.at(at)!)}${at === -1 ? '' : token.slice(at + 1)}`;
    const tokenOf = (url: string) => new URL(url, 'http://x').searchParams.get('token')!;
    const forged = [-5, -1].map(
      (at) => `${API.mailConfirm}?token=${encodeURIComponent(forge(tokenOf(link), at))}`,
    );
    for (const url of [
      ...forged,
      `${API.mailConfirm}?token=`,
      `${API.mailConfirm}?token=${'x'.repeat(400)}`,
    ]) {
      const res = await answer(url, 'confirm');
      expect(res.statusCode, url).toBe(400);
      expect(res.body).toContain('not valid');
    }
    expect((await answer(link, 'confirm')).statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `${API.botRequestSettings}?botId=${botId}`,
          headers: bearer(owner.token),
        })
      ).json(),
    ).toMatchObject({ notifyState: 'confirmed', pendingEmail: null, sendTo: 'check@target.example' });
  });

  it('caps request mails per owner and per recipient each day, keeping the requests', async () => {
    const owner = await signIn(t, 'Xia', database.name);
    const botId = await createBot(t, owner, 'Xia Xylophones');
    const today = new Date().toISOString();
    await t.database.db
      .insertInto('emails')
      .values(
        Array.from({ length: MAIL_LIMITS.requestMailsPerOwner }, (_, i) => ({
          id: `mail_cap_${owner.uid}_${i}`,
          kind: 'visitor-request',
          to_address: `earlier${i}@example.com`,
          subject: 'Earlier',
          html: '',
          text: '',
          headers: '{}',
          user_id: owner.uid,
          bot_id: null,
          dedupe_key: null,
          last_error: null,
          status: 'sent',
          created_at: today,
          sent_at: today,
        })),
      )
      .execute();
    expect((await request(botId, 1)).statusCode).toBe(200);
    expect(await mailsTo(owner.email, 'visitor-request')).toHaveLength(0);
    const stored = await t.database.db
      .selectFrom('visitor_requests')
      .select('id')
      .where('bot_id', '=', botId)
      .execute();
    expect(stored).toHaveLength(1);
  });
});
