import {
  API,
  DOCUMENT_TEXT_MAX_CHARS,
  DOCUMENT_TEXT_MAX_UTF8_BYTES,
  WIZARD_MSG,
  type SaveDocumentTextFields,
} from '@vuxo/shared';
import type { Owner, Upload } from '@vuxo/testkit';
import { multipart } from '../support/multipart.js';
import { bearer, startTestApp, TEST_BOT_CHOICES, testWorld, type TestApp } from '../support/test-app.js';

const MENU = `Luigi Trattoria
Lasagna al forno $18
Tiramlsu $7
On Sunday we close at 8pm.`;

/** Issue 33 point 4: the owner fixes the text OCR read before the bot is built, within an upload's limits. */
describe('the wizard: fixing the text of the uploaded document', { timeout: 120_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const saveText = (fields: SaveDocumentTextFields, text: string | Uint8Array, token?: string) => {
    const bytes = typeof text === 'string' ? new TextEncoder().encode(text) : text;
    const body = multipart(fields, { field: 'text', name: 'text.txt', type: 'text/plain', bytes });
    return t.app.inject({
      method: 'POST',
      url: API.documentText,
      payload: body.payload,
      headers: { ...body.headers, ...(token ? bearer(token) : {}) },
    });
  };
  const fieldsOf = (upload: Upload): SaveDocumentTextFields => ({
    sessionId: upload.sessionId,
    filePath: upload.filePath,
  });
  const storedText = async (filePath: string) =>
    t.database.db
      .selectFrom('documents')
      .innerJoin('document_texts', 'document_texts.document_id', 'documents.id')
      .select(['document_texts.text', 'documents.text_chars', 'document_texts.pages'])
      .where('documents.id', '=', filePath)
      .executeTakeFirstOrThrow();

  let owner: Owner;
  beforeAll(async () => {
    owner = await testWorld(t.app).owner({ name: 'Luigi Owner' });
  });

  it('saves the corrected text, normalized, and answers with its opening words', async () => {
    const uploaded = await owner.upload(MENU);
    const res = await saveText(
      fieldsOf(uploaded),
      `${MENU.replace('Tiramlsu', 'Tiramisu')}\r\n\r\n\r\n`,
      owner.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      text: 'Luigi Trattoria Lasagna al forno $18 Tiramisu $7 On Sunday we close at 8pm.',
    });
    const stored = await storedText(uploaded.filePath);
    expect(stored).toEqual({
      text: MENU.replace('Tiramlsu', 'Tiramisu'),
      text_chars: MENU.length,
      pages: null,
    });
  });

  it('refuses text with no words in it, or more than a bot learns from, and keeps the text as it was', async () => {
    const uploaded = await owner.upload(MENU);
    const empty = await saveText(fieldsOf(uploaded), ' \n\n . ', owner.token);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe(WIZARD_MSG.documentTextEmpty);

    const long = await saveText(fieldsOf(uploaded), 'a'.repeat(DOCUMENT_TEXT_MAX_CHARS + 1), owner.token);
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toBe(WIZARD_MSG.documentTextTooLong);

    const huge = await saveText(
      fieldsOf(uploaded),
      new Uint8Array(DOCUMENT_TEXT_MAX_UTF8_BYTES + 1).fill(97),
    );
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error).toBe(WIZARD_MSG.documentTextTooLong);

    expect((await storedText(uploaded.filePath)).text).toBe(MENU);
  });

  it("is a 404 for another owner's session, an unknown one, or a document not in the session", async () => {
    const uploaded = await owner.upload(MENU);
    const mallory = await testWorld(t.app).owner({ name: 'Mallory' });
    const others = await saveText(fieldsOf(uploaded), 'Lasagna is free.', mallory.token);
    expect(others.statusCode).toBe(404);
    expect(others.json().error).toBe(WIZARD_MSG.documentGone);
    const anonymous = await saveText(fieldsOf(uploaded), 'Lasagna is free.');
    expect(anonymous.statusCode).toBe(404);
    const elsewhere = await owner.upload(MENU);
    const mixed = await saveText(
      { sessionId: elsewhere.sessionId, filePath: uploaded.filePath },
      'Lasagna is free.',
      owner.token,
    );
    expect(mixed.statusCode).toBe(404);
    expect((await storedText(uploaded.filePath)).text).toBe(MENU);
  });

  it('an anonymous wizard fixes its own text before signing in', async () => {
    const sessionId = `sess_anon${Date.now().toString(36)}`;
    const upload = multipart(
      { sessionId },
      { field: 'file', name: 'menu.txt', type: 'text/plain', bytes: new TextEncoder().encode(MENU) },
    );
    const extracted = await t.app.inject({ method: 'POST', url: API.extract, ...upload });
    expect(extracted.statusCode).toBe(200);
    const fields = { sessionId, filePath: extracted.json().filePath as string };
    expect((await saveText(fields, 'Tiramisu $7, lasagna $18.')).statusCode).toBe(200);
    expect((await storedText(fields.filePath)).text).toBe('Tiramisu $7, lasagna $18.');
  });

  it('the bot is built from the corrected text', async () => {
    const uploaded = await owner.upload(MENU);
    const fixed = MENU.replace('Lasagna al forno $18', 'Lasagna al forno $21');
    expect((await saveText(fieldsOf(uploaded), fixed, owner.token)).statusCode).toBe(200);
    const { botId } = await owner.untilReady(await owner.saveBot({ config: TEST_BOT_CHOICES }, uploaded));
    const res = await t.app.inject({
      method: 'POST',
      url: API.chat,
      headers: bearer(owner.token),
      payload: { botConfigId: botId, message: 'How much is the lasagna?' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().reply).toContain('$21');
    expect(res.json().reply).not.toContain('$18');
  });
});
