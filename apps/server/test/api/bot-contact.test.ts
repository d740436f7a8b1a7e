import { API, CONTACT_EMAIL_MAX, CONTACT_MSG, chatResponseSchema, parseReply } from '@vuxo/shared';
import {
  botRow,
  createBot,
  listBots,
  signIn,
  updateSettings,
  type Owner,
} from '../support/dashboard-owners.js';
import { testDatabases } from '../support/databases.js';
import { bearer, startTestApp, type TestApp } from '../support/test-app.js';
import { HANDBOOK_TEXT, botConfig, uploadDocument } from '../support/wizard-flow.js';

/** The address the bots' document gives; declines must never send visitors there. */
const DOCUMENT_EMAIL = 'hello@example.com';
/** A question the document does not answer: the bot declines it. */
const UNANSWERABLE = 'Do you offer dental cleaning?';

/**
 * A bot's contact for questions it cannot answer: set by the owner in the wizard or
 * the Share dialog (POST /api/update-bot-settings, or save-config's contactEmail); by default the owner's
 * sign-in email; used by declines in chat, never an address merely found in the document.
 */
describe.each(testDatabases())('the bot’s contact for questions it cannot answer ($name)', (database) => {
  let t: TestApp;
  let owner: Owner;
  let botId: string;
  let address = 0;

  beforeAll(async () => {
    t = await startTestApp({ database });
    owner = await signIn(t, 'Corinne', database.name);
    botId = await createBot(t, owner, 'Corner Helper');
  });
  afterAll(() => t.close());

  /** A visitor's question, each from its own address so daily counts never meet. */
  async function visitorAsks(message: string, id = botId) {
    const res = await t.app.inject({
      method: 'POST',
      url: API.chat,
      payload: { botConfigId: id, message, history: [] },
      remoteAddress: `10.7.0.${++address}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return parseReply(chatResponseSchema, res.json());
  }

  it('is the owner’s sign-in email by default: listed, and used by declines instead of the document’s address', async () => {
    expect(HANDBOOK_TEXT).toContain(DOCUMENT_EMAIL);
    expect((await botRow(t, botId)).contact_email).toBeNull();
    expect((await listBots(t, owner)).find((b) => b.botId === botId)?.contactEmail).toBe(owner.email);

    const declined = await visitorAsks(UNANSWERABLE);
    expect(declined.reply).toMatch(/couldn't find|don't have information/);
    expect(declined.reply).toContain(owner.email);
    expect(declined.reply).not.toContain(DOCUMENT_EMAIL);
    expect(declined.sources).toEqual([]);
  });

  it('is set by its owner: stored trimmed, listed, and the next decline uses it; the index version stays', async () => {
    const before = await botRow(t, botId);
    const res = await updateSettings(t, owner, { botId, contactEmail: '  Help.Desk@Corner-Shop.example ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const after = await botRow(t, botId);
    expect(after).toEqual({ ...before, contact_email: 'Help.Desk@Corner-Shop.example' });
    // updated_at is the version of the bot's answer index: a contact change does not make it load again.
    expect(after.updated_at).toBe(before.updated_at);
    expect((await listBots(t, owner)).find((b) => b.botId === botId)?.contactEmail).toBe(
      'Help.Desk@Corner-Shop.example',
    );

    // The same question as before (an answer the engine keeps) now points to the new contact.
    const declined = await visitorAsks(UNANSWERABLE);
    expect(declined.reply).toContain('Help.Desk@Corner-Shop.example');
    expect(declined.reply).not.toContain(owner.email);
    expect(declined.reply).not.toContain(DOCUMENT_EMAIL);
    // The owner's console gets the same.
    const ownerChat = await t.app.inject({
      method: 'POST',
      url: API.chat,
      headers: bearer(owner.token),
      payload: { botConfigId: botId, message: 'What is the capital of Australia?', history: [] },
    });
    expect(ownerChat.json().reply).toContain('Help.Desk@Corner-Shop.example');

    // Leaving the field out changes nothing; null goes back to the sign-in email.
    expect((await updateSettings(t, owner, { botId })).statusCode).toBe(200);
    expect((await botRow(t, botId)).contact_email).toBe('Help.Desk@Corner-Shop.example');
    expect((await updateSettings(t, owner, { botId, contactEmail: null })).statusCode).toBe(200);
    expect((await botRow(t, botId)).contact_email).toBeNull();
    expect((await listBots(t, owner)).find((b) => b.botId === botId)?.contactEmail).toBe(owner.email);
    expect((await visitorAsks(UNANSWERABLE)).reply).toContain(owner.email);
  });

  it('refuses a bad address with 400 and the shared message, changing nothing', async () => {
    const before = await botRow(t, botId);
    const cases: [unknown, string][] = [
      ['not-an-email', CONTACT_MSG.invalid],
      ['owner@localhost', CONTACT_MSG.invalid],
      ['two@example.com three@example.com', CONTACT_MSG.invalid],
      // Display names and lists (issue 43): the declines and any mail would carry more than one address.
      ['"Vuxo-Support" <attacker@evil.example>', CONTACT_MSG.invalid],
      ['victim3@target.example,postmaster,abuse', CONTACT_MSG.invalid],
      ['a@b.example;c@d.example', CONTACT_MSG.invalid],
      ['a@b.c>,<d', CONTACT_MSG.invalid],
      ['', CONTACT_MSG.required],
      ['   ', CONTACT_MSG.required],
      [42, CONTACT_MSG.invalid],
      [`${'x'.repeat(CONTACT_EMAIL_MAX)}@example.com`, CONTACT_MSG.tooLong],
    ];
    for (const [contactEmail, message] of cases) {
      const res = await updateSettings(t, owner, { botId, contactEmail });
      expect(res.statusCode, JSON.stringify(contactEmail)).toBe(400);
      expect(res.json()).toEqual({ error: message });
    }
    expect(await botRow(t, botId)).toEqual(before);

    const anonymous = await t.app.inject({
      method: 'POST',
      url: API.updateBotSettings,
      payload: { botId, contactEmail: 'anyone@example.com' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await botRow(t, botId)).toEqual(before);
  });

  it('can be given when the bot is saved (save-config), and a bad one saves no bot', async () => {
    // A Free Trial holds one bot: each save here is its own owner's.
    const pat = await signIn(t, 'Pat', database.name);
    const upload = await uploadDocument(t.app, { token: pat.token });
    const bad = await t.app.inject({
      method: 'POST',
      url: API.saveConfig,
      headers: bearer(pat.token),
      payload: botConfig(upload, { contactEmail: 'pat at example' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: CONTACT_MSG.invalid });
    expect(await listBots(t, pat)).toEqual([]);

    const patBot = await createBot(t, pat, 'Pat Helper', { contactEmail: ' questions@pat-shop.example ' });
    expect((await botRow(t, patBot)).contact_email).toBe('questions@pat-shop.example');
    expect((await listBots(t, pat))[0]?.contactEmail).toBe('questions@pat-shop.example');
    const declined = await visitorAsks(UNANSWERABLE, patBot);
    expect(declined.reply).toContain('questions@pat-shop.example');
    expect(declined.reply).not.toContain(pat.email);
    expect(declined.reply).not.toContain(DOCUMENT_EMAIL);
  });
});
