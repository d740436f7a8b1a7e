import {
  API,
  CONTACT_MSG,
  NO_CONTACT_DECLINES,
  chatResponseSchema,
  parseReply,
  type ContactChoice,
} from '@vuxo/shared';
import { botRow, createBot, listBots, signIn, updateSettings } from '../support/dashboard-owners.js';
import { testDatabases } from '../support/databases.js';
import { bearer, startTestApp, type TestApp } from '../support/test-app.js';
import { botConfig, uploadDocument } from '../support/wizard-flow.js';

/** A question the handbook does not answer: the bot declines it. */
const UNANSWERABLE = 'Do you offer dental cleaning?';
/** The address the handbook itself gives; declines never send visitors there. */
const DOCUMENT_EMAIL = 'hello@example.com';

/**
 * The wizard's last step asks which contact the bot gives when it cannot answer (decision 062): the sign-in
 * email, another address, or none. save-config carries the choice; declines in chat follow it.
 */
describe.each(testDatabases())('the contact chosen when the bot is saved ($name)', (database) => {
  let t: TestApp;
  let address = 0;

  beforeAll(async () => {
    t = await startTestApp({ database });
  });
  afterAll(() => t.close());

  async function visitorAsks(botId: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: API.chat,
      payload: { botConfigId: botId, message: UNANSWERABLE, history: [] },
      remoteAddress: `10.9.0.${++address}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return parseReply(chatResponseSchema, res.json()).reply;
  }

  /** A Free Trial holds one bot: each choice is its own owner's. */
  async function botChoosing(name: string, choice: ContactChoice, contactEmail?: string) {
    const owner = await signIn(t, name, database.name);
    const botId = await createBot(t, owner, `${name} Helper`, {
      contactChoice: choice,
      ...(contactEmail !== undefined ? { contactEmail } : {}),
    });
    return { owner, botId };
  }

  it('the sign-in email: stored as the default, listed, and declines give it', async () => {
    const { owner, botId } = await botChoosing('Sina', 'sign-in');
    expect(await botRow(t, botId)).toMatchObject({ contact_email: null, no_contact: 0 });
    expect((await listBots(t, owner))[0]?.contactEmail).toBe(owner.email);
    const reply = await visitorAsks(botId);
    expect(reply).toContain(owner.email);
    expect(reply).not.toContain(DOCUMENT_EMAIL);
  });

  it('another address: stored trimmed, listed, and declines give it rather than the sign-in email', async () => {
    const { owner, botId } = await botChoosing('Otto', 'other', '  desk@otto-shop.example ');
    expect(await botRow(t, botId)).toMatchObject({ contact_email: 'desk@otto-shop.example', no_contact: 0 });
    expect((await listBots(t, owner))[0]?.contactEmail).toBe('desk@otto-shop.example');
    const reply = await visitorAsks(botId);
    expect(reply).toContain('desk@otto-shop.example');
    expect(reply).not.toContain(owner.email);
  });

  it('no contact: declines say the bot does not know, with no address at all; the list shows none', async () => {
    // An address sent with another choice is not kept.
    const { owner, botId } = await botChoosing('Nell', 'none', 'ignored@nell.example');
    expect(await botRow(t, botId)).toMatchObject({ contact_email: null, no_contact: 1 });
    expect((await listBots(t, owner))[0]?.contactEmail).toBeNull();
    const reply = await visitorAsks(botId);
    // The bots are friendly by default (botConfig's tone).
    expect(reply).toBe(NO_CONTACT_DECLINES.friendly);
    expect(reply).not.toMatch(/@|contact/i);

    // Setting an address later (the Share dialog) gives the bot a contact again.
    expect((await updateSettings(t, owner, { botId, contactEmail: 'later@nell.example' })).statusCode).toBe(
      200,
    );
    expect(await botRow(t, botId)).toMatchObject({ contact_email: 'later@nell.example', no_contact: 0 });
    expect(await visitorAsks(botId)).toContain('later@nell.example');
  });

  it('refuses another address that is missing or bad with 400 and the shared message, saving no bot', async () => {
    const owner = await signIn(t, 'Bea', database.name);
    const upload = await uploadDocument(t.app, { token: owner.token });
    const cases: [Record<string, unknown>, string][] = [
      [{ contactChoice: 'other' }, CONTACT_MSG.required],
      [{ contactChoice: 'other', contactEmail: '   ' }, CONTACT_MSG.required],
      [{ contactChoice: 'other', contactEmail: 'bea at example' }, CONTACT_MSG.invalid],
    ];
    for (const [overrides, message] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: API.saveConfig,
        headers: bearer(owner.token),
        payload: botConfig(upload, overrides),
      });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json()).toEqual({ error: message });
    }
    const unknown = await t.app.inject({
      method: 'POST',
      url: API.saveConfig,
      headers: bearer(owner.token),
      payload: botConfig(upload, { contactChoice: 'everyone' }),
    });
    expect(unknown.statusCode).toBe(400);
    expect(await listBots(t, owner)).toEqual([]);
  });

  it('after creation, the settings make the same choice: none, back to the sign-in email, another address', async () => {
    const { owner, botId } = await botChoosing('Remy', 'sign-in');
    expect((await listBots(t, owner))[0]?.contactChoice).toBe('sign-in');
    const choose = async (payload: Record<string, unknown>) =>
      expect((await updateSettings(t, owner, { botId, ...payload })).statusCode).toBe(200);

    // An address sent with another choice is not kept, as in the wizard.
    await choose({ contactChoice: 'none', contactEmail: 'ignored@remy.example' });
    expect(await botRow(t, botId)).toMatchObject({ contact_email: null, no_contact: 1 });
    expect((await listBots(t, owner))[0]).toMatchObject({ contactChoice: 'none', contactEmail: null });
    const declined = await visitorAsks(botId);
    expect(declined).toBe(NO_CONTACT_DECLINES.friendly);
    expect(declined).not.toMatch(/@|contact/i);

    await choose({ contactChoice: 'sign-in' });
    expect(await botRow(t, botId)).toMatchObject({ contact_email: null, no_contact: 0 });
    expect((await listBots(t, owner))[0]).toMatchObject({
      contactChoice: 'sign-in',
      contactEmail: owner.email,
    });
    expect(await visitorAsks(botId)).toContain(owner.email);

    await choose({ contactChoice: 'other', contactEmail: ' desk@remy-shop.example ' });
    expect(await botRow(t, botId)).toMatchObject({ contact_email: 'desk@remy-shop.example', no_contact: 0 });
    expect((await listBots(t, owner))[0]).toMatchObject({
      contactChoice: 'other',
      contactEmail: 'desk@remy-shop.example',
    });
    const reply = await visitorAsks(botId);
    expect(reply).toContain('desk@remy-shop.example');
    expect(reply).not.toContain(owner.email);

    // An older client's address alone still means another address; null, the sign-in email.
    await choose({ contactEmail: 'older@remy-shop.example' });
    expect(await botRow(t, botId)).toMatchObject({ contact_email: 'older@remy-shop.example', no_contact: 0 });
    await choose({ contactEmail: null });
    expect(await botRow(t, botId)).toMatchObject({ contact_email: null, no_contact: 0 });
  });

  it("refuses a bad choice in the settings with the wizard's messages, changing nothing", async () => {
    const { owner, botId } = await botChoosing('Vera', 'none');
    const cases: [Record<string, unknown>, string | null][] = [
      [{ contactChoice: 'other' }, CONTACT_MSG.required],
      [{ contactChoice: 'other', contactEmail: '   ' }, CONTACT_MSG.required],
      [{ contactChoice: 'other', contactEmail: 'vera at example' }, CONTACT_MSG.invalid],
      [{ contactChoice: 'sign-in', contactEmail: 'not an email' }, CONTACT_MSG.invalid],
      [{ contactChoice: 'everyone' }, null],
    ];
    for (const [payload, message] of cases) {
      const res = await updateSettings(t, owner, { botId, botName: 'Changed', ...payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      if (message) expect(res.json()).toEqual({ error: message });
    }
    expect(await botRow(t, botId)).toMatchObject({ name: 'Vera Helper', contact_email: null, no_contact: 1 });
  });

  it("another owner's bot is not found, and keeps its contact", async () => {
    const { botId } = await botChoosing('Ida', 'other', 'desk@ida.example');
    const stranger = await signIn(t, 'Stan', database.name);
    for (const contactChoice of ['none', 'sign-in'] as const) {
      const res = await updateSettings(t, stranger, { botId, contactChoice });
      expect(res.statusCode).toBe(404);
    }
    expect(await botRow(t, botId)).toMatchObject({ contact_email: 'desk@ida.example', no_contact: 0 });
  });
});
