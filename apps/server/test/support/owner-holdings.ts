import { hashKey } from '../../src/services/public-api/api-keys.js';
import { API } from '@vuxo/shared';
import { botRow, createBot, listBots, signIn, type Owner } from './dashboard-owners.js';
import { bearer, type TestApp } from './test-app.js';
import { uploadDocument } from './wizard-flow.js';

/** An owner with a Ready bot that holds something of every kind another owner might reach for. */
export interface Holdings {
  owner: Owner;
  botId: string;
  shareId: string;
  correctionId: string;
  sourceId: string;
  /** The bot's document (from the wizard). */
  documentId: string;
  /** A visitor's declined question: a conversation of one message, and a missed question. */
  messageId: string;
  conversationId: string;
  /** A visitor's request to be contacted (decision 068). */
  requestId: string;
  /** An API key of the bot (decision 108), written to the database as the server keeps it. */
  apiKeyId: string;
  /** A webhook endpoint of the bot and one delivery in its log (decision 112). */
  webhookId: string;
  deliveryId: string;
  /** An unpaid payment intent for the Basic plan. */
  paymentIntentId: string;
  /** A document uploaded in the wizard, not yet saved as a bot. */
  upload: { sessionId: string; filePath: string };
}

export const BASIC_PAYMENT = { priceId: 'price_basic_monthly', amount: 1900, planName: 'Basic' };

/**
 * Signs an owner in and gives them a Ready bot with a correction (through the API), a website source and a
 * declined question (written to the database: reading a website or chatting is not what is tested), an unpaid
 * payment intent and an unsaved upload.
 */
export async function ownerWithHoldings(t: TestApp, name: string, dbName: string): Promise<Holdings> {
  const owner = await signIn(t, name, dbName);
  const botId = await createBot(t, owner, `${name} Helper`);
  const post = async (url: string, payload: Record<string, unknown>) => {
    const res = await t.app.inject({ method: 'POST', url, headers: bearer(owner.token), payload });
    if (res.statusCode !== 200) throw new Error(`${url} failed: ${res.statusCode} ${res.body}`);
    return res.json() as Record<string, string>;
  };
  const correction = await post(API.saveCorrection, {
    botId,
    question: 'Is there parking?',
    answer: 'Yes, behind the clinic.',
  });
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
  const now = new Date().toISOString();
  const sourceId = `src_${suffix}`;
  await t.database.db
    .insertInto('bot_sources')
    .values({
      id: sourceId,
      bot_id: botId,
      url: 'https://harbour.example/',
      kind: 'page',
      status: 'ready',
      title: 'Harbour',
      error: null,
      page_count: 1,
      bytes: 100,
      fetched_at: now,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const message = { id: `msg_${suffix}`, conversation_id: `cnv_${suffix}` };
  await t.database.db
    .insertInto('chat_messages')
    .values({
      ...message,
      bot_id: botId,
      visitor: 'visitor-1',
      question: 'Do you sell gift cards?',
      reply: 'I do not know.',
      kind: 'declined',
      sources: '[]',
      vote: null,
      dismissed_at: null,
      asked_at: now,
    })
    .execute();
  const requestId = `req_${suffix}`;
  await t.database.db
    .insertInto('visitor_requests')
    .values({
      id: requestId,
      bot_id: botId,
      visitor: 'visitor-1',
      network: 'network-1',
      contact_key: 'e:visitor@example.com',
      conversation_id: message.conversation_id,
      email: 'visitor@example.com',
      phone: null,
      name: null,
      question: 'Do you sell gift cards?',
      created_at: now,
      updated_at: now,
    })
    .execute();
  const apiKeyId = `key_${suffix}`;
  await t.database.db
    .insertInto('api_keys')
    .values({
      id: apiKeyId,
      bot_id: botId,
      user_id: owner.uid,
      name: 'Zapier',
      prefix: 'vx_holding',
      key_hash: hashKey(`vx_holding_${suffix}`),
      scopes: '["chat"]',
      created_at: now,
    })
    .execute();
  const webhookId = `wh_${suffix}`;
  const deliveryId = `msg_wh${suffix}`;
  await t.database.db
    .insertInto('webhooks')
    .values({
      id: webhookId,
      bot_id: botId,
      url: 'https://harbour.example/hooks',
      events: '["question.missed"]',
      secret: `whsec_${Buffer.from(suffix).toString('base64')}`,
      created_at: now,
    })
    .execute();
  await t.database.db
    .insertInto('webhook_deliveries')
    .values({
      id: deliveryId,
      webhook_id: webhookId,
      event: 'question.missed',
      payload: '{}',
      status: 'failed',
      response_status: 500,
      last_error: 'The endpoint answered 500',
      created_at: now,
      last_attempt_at: now,
    })
    .execute();
  const intent = await post(API.createPaymentIntent, BASIC_PAYMENT);
  const [bot] = await listBots(t, owner);
  return {
    owner,
    botId,
    shareId: bot!.shareId,
    correctionId: correction.id!,
    sourceId,
    documentId: (await botRow(t, botId)).document_id!,
    messageId: message.id,
    conversationId: message.conversation_id,
    requestId,
    apiKeyId,
    webhookId,
    deliveryId,
    paymentIntentId: intent.paymentIntentId!,
    upload: await uploadDocument(t.app, { token: owner.token }),
  };
}

/**
 * Everything of the owner's that another caller could change, read from the database: their bots, what the
 * bot holds, their plan and payments, and every document and job (a stray one shows too).
 */
export async function snapshotOf(t: TestApp, holdings: Holdings) {
  const { db } = t.database;
  const { botId } = holdings;
  const { uid } = holdings.owner;
  return {
    bots: await db.selectFrom('bots').selectAll().where('user_id', '=', uid).orderBy('id').execute(),
    subscriptions: await db.selectFrom('subscriptions').selectAll().where('user_id', '=', uid).execute(),
    payments: await db.selectFrom('payments').selectAll().where('user_id', '=', uid).orderBy('id').execute(),
    corrections: await db
      .selectFrom('bot_corrections')
      .selectAll()
      .where('bot_id', '=', botId)
      .orderBy('id')
      .execute(),
    requests: await db.selectFrom('visitor_requests').selectAll().where('bot_id', '=', botId).execute(),
    factEdits: await db.selectFrom('bot_fact_edits').selectAll().where('bot_id', '=', botId).execute(),
    botDocuments: await db.selectFrom('bot_documents').selectAll().where('bot_id', '=', botId).execute(),
    sources: await db
      .selectFrom('bot_sources')
      .selectAll()
      .where('bot_id', '=', botId)
      .orderBy('id')
      .execute(),
    messages: await db
      .selectFrom('chat_messages')
      .selectAll()
      .where('bot_id', '=', botId)
      .orderBy('id')
      .execute(),
    apiKeys: await db.selectFrom('api_keys').selectAll().where('bot_id', '=', botId).orderBy('id').execute(),
    webhooks: await db.selectFrom('webhooks').selectAll().where('bot_id', '=', botId).execute(),
    deliveries: await db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('webhook_id', '=', holdings.webhookId)
      .execute(),
    index: await db.selectFrom('bot_indexes').select('bot_id').where('bot_id', '=', botId).execute(),
    documents: await db.selectFrom('documents').select('id').orderBy('id').execute(),
    // The jobs about A's bot (its builds and rebuilds); another owner's mail (a receipt) is not A's.
    jobs: await db
      .selectFrom('jobs')
      .select('id')
      .where('payload', 'like', `%${botId}%`)
      .orderBy('id')
      .execute(),
  };
}
