import {
  API_ERROR,
  DOCUMENTS_MSG,
  PLANS,
  PUBLIC_API,
  WIZARD_MSG,
  apiDocumentAddedSchema,
  apiDocumentsResponseSchema,
  apiMessageResponseSchema,
  publicApiErrorSchema,
} from '@vuxo/shared';
import { subscribe } from '@vuxo/testkit';
import { createReadyBot, type ReadyBot } from '../engine/answer/chat-fixtures.js';
import { testDatabases } from '../support/databases.js';
import { documentCalls } from '../support/knowledge-apps.js';
import { multipart } from '../support/multipart.js';
import { createKey, documentUrl, documentsUrl, refusal, sendMessage } from '../support/public-api.js';
import { bearer, startTestApp, type TestApp } from '../support/test-app.js';

const GIFT_CARDS = `# Gift cards
Gift cards are sold at the front desk in amounts of $30, $60 and $120, and never expire.`;
const GIFT_QUESTION = 'Do you sell gift cards?';

/** A bot's documents through the public API (decision 108): the dashboard's list, add and delete, with a key. */
describe.each(testDatabases())('public API documents ($name)', (database) => {
  let t: TestApp;
  let bot: ReadyBot;
  let other: ReadyBot;
  let key: string;

  beforeAll(async () => {
    t = await startTestApp({ database });
    [bot, other] = await Promise.all([createReadyBot(t), createReadyBot(t, { name: 'Oscar Other' })]);
    await subscribe(t.database.db, bot.ownerUid, 'basic');
    key = (await createKey(t, { token: bot.ownerToken }, bot.botId, ['chat', 'manage:documents'])).key;
  });
  afterAll(() => t.close());

  const list = async (withKey = key) => {
    const res = await t.app.inject({ method: 'GET', url: documentsUrl(bot.botId), headers: bearer(withKey) });
    expect(res.statusCode, res.body).toBe(200);
    return apiDocumentsResponseSchema.parse(res.json());
  };
  const add = (name: string, text: string, field = 'file', withKey = key) => {
    const form = multipart({}, { field, name, type: 'text/plain', bytes: Buffer.from(text) });
    return t.app.inject({
      method: 'POST',
      url: documentsUrl(bot.botId),
      headers: { ...form.headers, ...bearer(withKey) },
      payload: form.payload,
    });
  };
  const remove = (documentId: string, botId = bot.botId, withKey = key) =>
    t.app.inject({ method: 'DELETE', url: documentUrl(botId, documentId), headers: bearer(withKey) });
  const ask = async (message: string) => {
    const res = await sendMessage(t, key, bot.botId, { message });
    expect(res.statusCode, res.body).toBe(200);
    return apiMessageResponseSchema.parse(res.json()).reply;
  };
  /** Waits on the dashboard's list (polled there: the key's requests a minute are few) until all are ready. */
  const settled = () =>
    documentCalls(t.app, { token: bot.ownerToken, botId: bot.botId, shareId: bot.shareId }).settled();

  it('lists, adds a document the bot then answers from (202, read in the background), and deletes it (204)', async () => {
    const before = await list();
    expect(before).toEqual({
      documents: [{ id: expect.any(String), name: 'handbook.txt', status: 'ready' }],
      maxDocuments: PLANS.basic.maxDocuments,
    });
    expect(await ask(GIFT_QUESTION)).not.toContain('front desk');

    const res = await add('gift-cards.txt', GIFT_CARDS);
    expect(res.statusCode, res.body).toBe(202);
    const { id } = apiDocumentAddedSchema.parse(res.json());
    await settled();
    expect((await list()).documents).toEqual([
      ...before.documents,
      { id, name: 'gift-cards.txt', status: 'ready' },
    ]);
    expect(await ask(GIFT_QUESTION)).toContain('front desk');

    const deleted = await remove(id);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(deleted.body).toBe('');
    expect((await list()).documents).toEqual(before.documents);
    expect(await ask(GIFT_QUESTION)).not.toContain('front desk');
    // Gone, it is a 404; the first document is refused with the dashboard’s message.
    expect(refusal(await remove(id))).toEqual({ status: 404, code: API_ERROR.notFound });
    const first = await remove(before.documents[0]!.id);
    expect(refusal(first)).toEqual({ status: 409, code: API_ERROR.conflict });
    expect(publicApiErrorSchema.parse(first.json()).error.message).toBe(DOCUMENTS_MSG.lastDocument);
  });

  it('refuses a bad upload and one over the plan’s count in the public shape, with the product’s messages', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: documentsUrl(bot.botId),
      headers: bearer(key),
      payload: { file: 'gift-cards.txt' },
    });
    expect(refusal(json)).toEqual({ status: 415, code: API_ERROR.unsupportedType });
    const noFile = await add('gift-cards.txt', GIFT_CARDS, 'attachment');
    expect(refusal(noFile)).toEqual({ status: 400, code: API_ERROR.invalidRequest });
    expect(publicApiErrorSchema.parse(noFile.json()).error.message).toBe(WIZARD_MSG.documentNotSelected);

    // Basic allows 3: the handbook and two more.
    for (const name of ['a.txt', 'b.txt']) expect((await add(name, GIFT_CARDS)).statusCode).toBe(202);
    const over = await add('c.txt', GIFT_CARDS);
    expect(refusal(over)).toEqual({ status: 403, code: 'document_limit_reached' });
    expect(publicApiErrorSchema.parse(over.json()).error.message).toBe(
      DOCUMENTS_MSG.limitReached(PLANS.basic.maxDocuments),
    );
    await settled();
  });

  it('is in the OpenAPI document: the upload as multipart/form-data, answered 202 with the id', async () => {
    const document = (await t.app.inject({ method: 'GET', url: PUBLIC_API.openapi })).json();
    const addDocument = document.paths['/api/v1/bots/{botId}/documents'].post;
    expect(addDocument.requestBody.content['multipart/form-data'].schema.required).toEqual(['file']);
    expect(addDocument.responses['202'].content['application/json'].schema.required).toEqual(['id']);
  });

  it('needs the key’s manage:documents scope (403), and reaches no other bot or its documents (404)', async () => {
    const chatOnly = (await createKey(t, { token: bot.ownerToken }, bot.botId, ['chat'])).key;
    const refusals = [
      await t.app.inject({ method: 'GET', url: documentsUrl(bot.botId), headers: bearer(chatOnly) }),
      await add('gift-cards.txt', GIFT_CARDS, 'file', chatOnly),
      await remove('doc_x', bot.botId, chatOnly),
    ];
    for (const res of refusals)
      expect(refusal(res)).toEqual({ status: 403, code: API_ERROR.insufficientScope });

    const [theirs] = (
      await documentCalls(t.app, {
        token: other.ownerToken,
        botId: other.botId,
        shareId: other.shareId,
      }).list()
    ).documents;
    const elsewhere = [
      await t.app.inject({ method: 'GET', url: documentsUrl(other.botId), headers: bearer(key) }),
      await remove(theirs!.id, other.botId),
      await remove(theirs!.id),
    ];
    for (const res of elsewhere) expect(refusal(res)).toEqual({ status: 404, code: API_ERROR.notFound });
    expect(await documentCalls(t.app, { ...other, token: other.ownerToken }).list()).toMatchObject({
      documents: [theirs],
    });
  });
});
