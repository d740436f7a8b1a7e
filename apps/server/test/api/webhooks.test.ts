import { Webhook as Verifier } from 'standardwebhooks';
import {
  API,
  API_ERROR,
  PLANS,
  WEBHOOK_EVENTS,
  createdWebhookSchema,
  webhookDeliveriesResponseSchema,
  webhooksResponseSchema,
} from '@vuxo/shared';
import { subscribe } from '@vuxo/testkit';
import { testDatabases } from '../support/databases.js';
import {
  createKey,
  deliveriesUrl,
  refusal,
  resendUrl,
  sendMessage,
  webhookUrl,
  webhooksUrl,
} from '../support/public-api.js';
import { bearer, startTestApp, type TestApp } from '../support/test-app.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';
import { waitFor } from '../support/wizard-flow.js';
import { createReadyBot, type ReadyBot } from '../engine/answer/chat-fixtures.js';

const hooksUrl = webhooksUrl;
const hookUrl = webhookUrl;
const logUrl = deliveriesUrl;

const register = (t: TestApp, b: ReadyBot, payload: unknown, token = b.ownerToken) =>
  t.app.inject({
    method: 'POST',
    url: hooksUrl(b.botId),
    headers: bearer(token),
    payload: payload as object,
  });

async function registered(t: TestApp, b: ReadyBot, url: string, events: string[] = [...WEBHOOK_EVENTS]) {
  const res = await register(t, b, { url, events });
  expect(res.statusCode, res.body).toBe(201);
  return createdWebhookSchema.parse(res.json());
}

const visitorRequest = (t: TestApp, b: ReadyBot, question: string) =>
  t.app.inject({
    method: 'POST',
    url: API.visitorRequest,
    payload: { botConfigId: b.shareId, email: 'vi@example.org', question, consent: true },
    remoteAddress: `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });

async function deliveries(t: TestApp, b: ReadyBot, webhookId: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: logUrl(b.botId, webhookId),
    headers: bearer(b.ownerToken),
  });
  expect(res.statusCode, res.body).toBe(200);
  return webhookDeliveriesResponseSchema.parse(res.json()).deliveries;
}

/** Signed webhooks (decision 112): signatures, retries, the log, resend, the address guard and the owner’s rights. */
describe.each(testDatabases())('webhooks ($name)', (database) => {
  let t: TestApp;
  let bot: ReadyBot;
  let other: ReadyBot;
  let trial: ReadyBot;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await startTestApp({
      database,
      env: { ALLOW_PRIVATE_URLS: 'on' },
      deps: { webhooks: { quietMs: 200, retryDelayMs: () => 10 } },
    });
    [bot, other, trial] = await Promise.all([
      createReadyBot(t),
      createReadyBot(t, { name: 'Oscar Other' }),
      createReadyBot(t, { name: 'Tara Trial' }),
    ]);
    await subscribe(t.database.db, bot.ownerUid, 'basic');
    await subscribe(t.database.db, other.ownerUid, 'basic');
  });
  afterAll(async () => {
    await t.close();
    await receiver.stop();
  });

  it('signs every event so the standardwebhooks package verifies it, and logs each delivery', async () => {
    const hook = await registered(t, bot, receiver.url);
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    const listed = await t.app.inject({
      method: 'GET',
      url: hooksUrl(bot.botId),
      headers: bearer(bot.ownerToken),
    });
    const { webhooks, maxWebhooks } = webhooksResponseSchema.parse(listed.json());
    expect(maxWebhooks).toBe(PLANS.basic.webhooks);
    expect(webhooks).toEqual([
      { id: hook.id, url: receiver.url, events: [...WEBHOOK_EVENTS], createdAt: hook.createdAt },
    ]);
    expect(listed.body).not.toContain(hook.secret);

    expect((await visitorRequest(t, bot, 'Can you call me back?')).statusCode).toBe(200);
    const key = await createKey(t, { token: bot.ownerToken }, bot.botId, ['chat']);
    const asked = await sendMessage(t, key.key, bot.botId, { message: 'What is the capital of Australia?' });
    expect(asked.json()).toMatchObject({ declined: true });
    const { conversationId } = asked.json() as { conversationId: string };

    await waitFor(
      async () => receiver.ofType('conversation.ended').length,
      (n) => n === 1,
    );
    const verifier = new Verifier(hook.secret);
    const bodies = receiver.received.map(
      (r) => verifier.verify(r.body, r.headers) as Record<string, unknown>,
    );
    expect(bodies.map((b) => b.type).sort()).toEqual([...WEBHOOK_EVENTS].sort());
    expect(bodies.find((b) => b.type === 'visitor_request.created')).toMatchObject({
      data: { botId: bot.botId, email: 'vi@example.org', question: 'Can you call me back?' },
    });
    expect(bodies.find((b) => b.type === 'question.missed')).toMatchObject({
      data: {
        botId: bot.botId,
        conversationId,
        question: 'What is the capital of Australia?',
        source: 'api',
      },
    });
    expect(bodies.find((b) => b.type === 'conversation.ended')).toMatchObject({ data: { conversationId } });
    // Another secret does not verify.
    const forged = new Verifier(`whsec_${Buffer.from('not the secret').toString('base64')}`);
    expect(() => forged.verify(receiver.received[0]!.body, receiver.received[0]!.headers)).toThrow();

    const log = await deliveries(t, bot, hook.id);
    expect(log.map((d) => [d.event, d.status, d.attempts, d.responseStatus]).sort()).toEqual(
      [...WEBHOOK_EVENTS].map((event) => [event, 'delivered', 1, 200]).sort(),
    );
    await t.app.inject({
      method: 'DELETE',
      url: hookUrl(bot.botId, hook.id),
      headers: bearer(bot.ownerToken),
    });
  });

  it('sends a receiver that fails twice the event once more after that, with the same id, and resends on request', async () => {
    receiver.received.splice(0);
    const hook = await registered(t, bot, receiver.url, ['visitor_request.created']);
    receiver.plan(500, 503);
    expect((await visitorRequest(t, bot, 'Open Sundays?')).statusCode).toBe(200);
    const [delivery] = await waitFor(
      () => deliveries(t, bot, hook.id),
      (log) => log[0]?.status === 'delivered',
    );
    const job = await t.database.db
      .selectFrom('jobs')
      .selectAll()
      .where('payload', 'like', `%${delivery!.id}%`)
      .executeTakeFirstOrThrow();
    // The job is done: no attempt can follow the third.
    expect(job).toMatchObject({ status: 'done', attempts: 3 });
    expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual([
      delivery!.id,
      delivery!.id,
      delivery!.id,
    ]);
    expect(delivery).toMatchObject({ attempts: 3, responseStatus: 200 });

    const resent = await t.app.inject({
      method: 'POST',
      url: resendUrl(bot.botId, hook.id, delivery!.id),
      headers: bearer(bot.ownerToken),
    });
    expect(resent.statusCode, resent.body).toBe(202);
    await waitFor(
      async () => receiver.received.length,
      (n) => n === 4,
    );
    expect(receiver.received[3]!.headers['webhook-id']).toBe(delivery!.id);
    expect(receiver.received[3]!.body).toBe(receiver.received[0]!.body);
    await waitFor(
      () => deliveries(t, bot, hook.id),
      (log) => log[0]?.status === 'delivered',
    );
    await t.app.inject({
      method: 'DELETE',
      url: hookUrl(bot.botId, hook.id),
      headers: bearer(bot.ownerToken),
    });
  });

  it('tells of a question the widget missed too, and of nothing the bot answered', async () => {
    receiver.received.splice(0);
    const hook = await registered(t, bot, receiver.url, ['question.missed']);
    const chat = (message: string) =>
      t.app.inject({
        method: 'POST',
        url: API.chat,
        payload: { botConfigId: bot.shareId, message },
        remoteAddress: '10.9.0.5',
      });
    expect((await chat('Is there free parking?')).json()).not.toHaveProperty('declined');
    expect((await chat('What is the capital of Australia?')).json()).toMatchObject({ declined: true });
    await waitFor(
      () => deliveries(t, bot, hook.id),
      (log) => log[0]?.status === 'delivered',
    );
    expect(receiver.received.map((r) => JSON.parse(r.body) as unknown)).toEqual([
      expect.objectContaining({
        type: 'question.missed',
        data: expect.objectContaining({ question: 'What is the capital of Australia?', source: 'widget' }),
      }),
    ]);
    await t.app.inject({
      method: 'DELETE',
      url: hookUrl(bot.botId, hook.id),
      headers: bearer(bot.ownerToken),
    });
  });

  it('refuses bad input with a clear 400 in the one error shape', async () => {
    const bad = [
      {},
      { url: receiver.url },
      { url: '', events: ['question.missed'] },
      { url: 'not a url', events: ['question.missed'] },
      { url: 'ftp://example.com/x', events: ['question.missed'] },
      { url: 'https://user:pw@example.com/x', events: ['question.missed'] },
      { url: `https://example.com/${'a'.repeat(2_000)}`, events: ['question.missed'] },
      { url: receiver.url, events: [] },
      { url: receiver.url, events: ['message.sent'] },
      { url: 42, events: 'question.missed' },
      [],
    ];
    for (const payload of bad) {
      expect(refusal(await register(t, bot, payload)), JSON.stringify(payload)).toEqual({
        status: 400,
        code: API_ERROR.invalidRequest,
      });
    }
    const asOwner = { headers: bearer(bot.ownerToken) };
    expect(
      refusal(await t.app.inject({ method: 'DELETE', url: hookUrl(bot.botId, 'wh_nosuch'), ...asOwner })),
    ).toEqual({
      status: 404,
      code: API_ERROR.notFound,
    });
    expect(
      refusal(await t.app.inject({ method: 'GET', url: logUrl(bot.botId, 'bad id!'), ...asOwner })),
    ).toEqual({
      status: 404,
      code: API_ERROR.notFound,
    });
    expect(
      (await t.database.db.selectFrom('webhooks').selectAll().where('bot_id', '=', bot.botId).execute())
        .length,
    ).toBe(0);
  });

  it('answers 404 for another owner’s bot and webhook, 403 on the Free Trial, and holds the plan’s count', async () => {
    const hook = await registered(t, bot, receiver.url);
    const asOther = { headers: bearer(other.ownerToken) };
    const notFound = { status: 404, code: API_ERROR.notFound };
    expect(refusal(await t.app.inject({ method: 'GET', url: hooksUrl(bot.botId), ...asOther }))).toEqual(
      notFound,
    );
    expect(
      refusal(await register(t, bot, { url: receiver.url, events: ['question.missed'] }, other.ownerToken)),
    ).toEqual(notFound);
    for (const botId of [bot.botId, other.botId]) {
      expect(
        refusal(await t.app.inject({ method: 'DELETE', url: hookUrl(botId, hook.id), ...asOther })),
      ).toEqual(notFound);
      expect(refusal(await t.app.inject({ method: 'GET', url: logUrl(botId, hook.id), ...asOther }))).toEqual(
        notFound,
      );
      const resend = { method: 'POST' as const, url: resendUrl(botId, hook.id, 'msg_x'), ...asOther };
      expect(refusal(await t.app.inject(resend))).toEqual(notFound);
    }
    expect(refusal(await register(t, trial, { url: receiver.url, events: ['question.missed'] }))).toEqual({
      status: 403,
      code: API_ERROR.planRequired,
    });
    // Asked for at once, beyond the plan's number: the count and the insert are one step.
    const asked = await Promise.all(
      Array.from({ length: PLANS.basic.webhooks + 2 }, (_, i) =>
        register(t, bot, { url: `${receiver.url}/${i}`, events: ['question.missed'] }),
      ),
    );
    expect(asked.filter((res) => res.statusCode === 201)).toHaveLength(PLANS.basic.webhooks - 1);
    for (const res of asked.filter((res) => res.statusCode !== 201))
      expect(refusal(res)).toEqual({ status: 403, code: API_ERROR.webhookLimitReached });
  });
});

describe('webhooks without ALLOW_PRIVATE_URLS', () => {
  let t: TestApp;
  let bot: ReadyBot;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await startTestApp({ deps: { webhooks: { retryDelayMs: () => 60_000 } } });
    bot = await createReadyBot(t);
    await subscribe(t.database.db, bot.ownerUid, 'pro');
  });
  afterAll(async () => {
    await t.close();
    await receiver.stop();
  });

  it('refuses a private or local address, or plain http, when registered and again when delivering', async () => {
    for (const url of [
      `https://127.0.0.1:${receiver.port}/hooks`,
      'https://localhost/hooks',
      'https://[::1]/x',
      'https://10.0.0.7/x',
    ]) {
      expect(refusal(await register(t, bot, { url, events: ['question.missed'] })), url).toEqual({
        status: 400,
        code: API_ERROR.addressRefused,
      });
    }
    expect(
      refusal(await register(t, bot, { url: 'http://example.com/x', events: ['question.missed'] })),
    ).toEqual({
      status: 400,
      code: API_ERROR.invalidRequest,
    });

    // A name that pointed elsewhere when registered and now resolves inside: the delivery is refused too.
    await t.database.db
      .insertInto('webhooks')
      .values({
        id: 'wh_rebound',
        bot_id: bot.botId,
        url: `https://127.0.0.1:${receiver.port}/hooks`,
        events: JSON.stringify(['visitor_request.created']),
        secret: `whsec_${Buffer.from('x'.repeat(32)).toString('base64')}`,
        created_at: new Date().toISOString(),
      })
      .execute();
    expect((await visitorRequest(t, bot, 'Hello?')).statusCode).toBe(200);
    const row = await waitFor(
      () =>
        t.database.db
          .selectFrom('webhook_deliveries')
          .selectAll()
          .where('webhook_id', '=', 'wh_rebound')
          .executeTakeFirst(),
      (delivery) => (delivery?.attempts ?? 0) >= 1,
    );
    expect(row).toMatchObject({ status: 'pending', response_status: null });
    expect(row!.last_error).toMatch(/Refusing 127\.0\.0\.1/);
    expect(receiver.received).toEqual([]);
  });
});
