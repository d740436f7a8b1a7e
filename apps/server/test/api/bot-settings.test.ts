import {
  API,
  BOT_NAME_MAX,
  CONTACT_MSG,
  WELCOME_MAX,
  WIZARD_MSG,
  botAvatarUrl,
  chatResponseSchema,
  parseReply,
  publicBotInfoResponseSchema,
} from '@vuxo/shared';
import {
  botRow,
  createBot,
  listBots,
  signIn,
  updateSettings,
  type Owner,
} from '../support/dashboard-owners.js';
import { testDatabases } from '../support/databases.js';
import { makeImage } from '../fixtures/image-fixtures.js';
import { multipart } from '../support/multipart.js';
import { bearer, startTestApp, type TestApp } from '../support/test-app.js';
import { BOT_STATUS } from '@vuxo/testkit';

/**
 * The bot's settings after the wizard (POST /api/update-bot-settings): name, welcome message, tone, creativity
 * and contact, checked by the wizard's own rules, saved without a rebuild and used by the chat at once.
 */
describe.each(testDatabases())('the bot’s settings after the wizard ($name)', (database) => {
  let t: TestApp;
  let owner: Owner;
  let botId: string;
  let address = 0;

  beforeAll(async () => {
    t = await startTestApp({ database });
    owner = await signIn(t, 'Sasha', database.name);
    botId = await createBot(t, owner, 'Salon Helper');
  });
  afterAll(() => t.close());

  async function visitorAsks(message: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: API.chat,
      payload: { botConfigId: botId, message, history: [] },
      remoteAddress: `10.9.0.${++address}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return parseReply(chatResponseSchema, res.json()).reply;
  }

  async function publicInfo() {
    const res = await t.app.inject({ method: 'GET', url: `${API.publicBotInfo}?shareId=${botId}` });
    expect(res.statusCode, res.body).toBe(200);
    return parseReply(publicBotInfoResponseSchema, res.json()).publicBotInfo;
  }

  it('saves name, welcome message, tone and creativity: listed, shown and answered with at once, no rebuild', async () => {
    // The greeting's answer is kept by the engine: the new name and tone must not be hidden behind it.
    expect(await visitorAsks('Hello')).toContain('Salon Helper');
    const before = await botRow(t, botId);

    const res = await updateSettings(t, owner, {
      botId,
      botName: '  Studio Bot ',
      welcomeMessage: ' Welcome to the studio! ',
      chatbotTone: 'formal',
      creativityLevel: 'restricted',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true });

    const after = await botRow(t, botId);
    expect(after).toEqual({
      ...before,
      name: 'Studio Bot',
      welcome_message: 'Welcome to the studio!',
      tone: 'formal',
      creativity: 'restricted',
    });
    // Nothing about the bot's knowledge changed: same status, index and document.
    expect(after.status).toBe(BOT_STATUS.ready);
    expect(after.index_version).toBe(before.index_version);
    expect(after.document_id).toBe(before.document_id);

    const listed = (await listBots(t, owner)).find((b) => b.botId === botId);
    expect(listed).toMatchObject({
      botName: 'Studio Bot',
      welcomeMessage: 'Welcome to the studio!',
      chatbotTone: 'formal',
      creativityLevel: 'restricted',
    });
    const info = await publicInfo();
    expect(info).toMatchObject({
      botName: 'Studio Bot',
      welcomeMessage: 'Welcome to the studio!',
      ready: true,
    });
    expect(await visitorAsks('Hello')).toBe('Good day. I am Studio Bot. How may I assist you?');
  });

  it('leaves out what is not given', async () => {
    const before = await botRow(t, botId);
    const res = await updateSettings(t, owner, { botId, welcomeMessage: 'Hi, ask me about the salon.' });
    expect(res.statusCode).toBe(200);
    expect(await botRow(t, botId)).toEqual({ ...before, welcome_message: 'Hi, ask me about the salon.' });
  });

  it('refuses bad values with the wizard’s messages and changes nothing', async () => {
    const before = await botRow(t, botId);
    const cases: [Record<string, unknown>, string][] = [
      [{ botName: '' }, WIZARD_MSG.nameRequired],
      [{ botName: '   ' }, WIZARD_MSG.nameRequired],
      [{ botName: 'x'.repeat(BOT_NAME_MAX + 1) }, WIZARD_MSG.nameTooLong],
      [{ botName: 'Bot <script>' }, WIZARD_MSG.nameCharacters],
      [{ botName: 42 }, WIZARD_MSG.nameRequired],
      [{ welcomeMessage: '' }, WIZARD_MSG.welcomeRequired],
      [{ welcomeMessage: 'x'.repeat(WELCOME_MAX + 1) }, WIZARD_MSG.welcomeTooLong],
      [{ chatbotTone: 'sarcastic' }, WIZARD_MSG.toneRequired],
      [{ creativityLevel: 'wild' }, WIZARD_MSG.creativityRequired],
      [{ contactEmail: 'not-an-email' }, CONTACT_MSG.invalid],
      // One bad field refuses the whole change.
      [{ botName: 'Fine Name', chatbotTone: 'sarcastic' }, WIZARD_MSG.toneRequired],
    ];
    for (const [change, message] of cases) {
      const res = await updateSettings(t, owner, { botId, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json()).toEqual({ error: message });
    }
    expect(await botRow(t, botId)).toEqual(before);
  });

  /** Uploads an avatar as the wizard does, in a fresh session of this owner. */
  async function uploadAvatar(by: Owner) {
    const sessionId = `sess_settings${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
    const image = multipart(
      { sessionId },
      { field: 'image', name: 'avatar.png', type: 'image/png', bytes: await makeImage('png') },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: API.uploadImage,
      payload: image.payload,
      headers: { ...image.headers, ...bearer(by.token) },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { sessionId, tempImagePath: (res.json() as { tempImagePath: string }).tempImagePath };
  }

  it('changes the avatar with the wizard’s upload, once per upload, and removes it', async () => {
    const avatar = await uploadAvatar(owner);
    const res = await updateSettings(t, owner, { botId, avatar });
    expect(res.statusCode, res.body).toBe(200);
    expect((await botRow(t, botId)).image_path).toBe(avatar.tempImagePath);
    const url = botAvatarUrl(botId, avatar.tempImagePath);
    expect((await listBots(t, owner)).find((b) => b.botId === botId)?.botImageUrl).toBe(url);
    expect((await publicInfo()).botImageUrl).toBe(url);
    const image = await t.app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');

    // The upload's session is used up; another owner's upload is not this owner's to use.
    const again = await updateSettings(t, owner, { botId, avatar });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: WIZARD_MSG.avatarExpired });
    const stranger = await signIn(t, 'Stranger', database.name);
    const theirs = await updateSettings(t, owner, { botId, avatar: await uploadAvatar(stranger) });
    expect(theirs.statusCode).toBe(400);
    expect((await botRow(t, botId)).image_path).toBe(avatar.tempImagePath);

    const removed = await updateSettings(t, owner, { botId, avatar: null });
    expect(removed.statusCode).toBe(200);
    expect((await botRow(t, botId)).image_path).toBeNull();
    expect((await publicInfo()).botImageUrl).toBeNull();
  });

  it('is 404 for another owner’s bot, and changes nothing', async () => {
    const before = await botRow(t, botId);
    const mallory = await signIn(t, 'Mallory', database.name);
    const res = await updateSettings(t, mallory, { botId, botName: 'Hijacked', chatbotTone: 'casual' });
    expect(res.statusCode).toBe(404);
    const unknown = await updateSettings(t, mallory, { botId: 'bot_missing', botName: 'Hijacked' });
    expect(unknown.statusCode).toBe(404);
    expect(res.json()).toEqual(unknown.json());
    expect(await botRow(t, botId)).toEqual(before);
  });
});
