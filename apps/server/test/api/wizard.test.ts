import { readdirSync } from 'node:fs';
import path from 'node:path';
import { API, ERROR_CODES, PLANS, WIZARD_MSG } from '@vuxo/shared';
import { signInOnEmulator } from '../support/emulator-users.js';
import { multipart, newSessionId } from '../support/multipart.js';
import { bearer, startTestApp, type TestApp } from '../support/test-app.js';
import { botConfig, uploadDocument, waitFor } from '../support/wizard-flow.js';
import { makeTextPdf } from '../fixtures/pdf-fixtures.js';
import { makeImage } from '../fixtures/image-fixtures.js';
import { BOT_STATUS, buildEnded } from '@vuxo/testkit';

describe('the wizard API: extract, upload-image, save-config, plan status, and the bot build', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp();
    ({ idToken: token } = await signInOnEmulator(t.emulatorHost, {
      name: 'Olive Owner',
      email: `olive-${Date.now()}@example.com`,
    }));
  });
  afterAll(() => t.close());

  const planStatus = async () => {
    const res = await t.app.inject({ method: 'GET', url: API.planStatus, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('builds a bot from a PDF with an avatar: saved, then Ready on its own', async () => {
    expect(await planStatus()).toEqual({
      success: true,
      userPlan: {
        planName: 'Free Trial',
        limits: { currentBots: 0, maxBots: 1, documentMaxBytes: PLANS.trial.documentMaxBytes },
      },
    });

    const sessionId = newSessionId();
    const pdf = await makeTextPdf([
      { heading: 'Opening hours', paragraphs: [['We are open Monday to Friday from 9am to 6pm.']] },
      { heading: 'Prices', paragraphs: [['A standard consultation costs $40.']] },
    ]);
    const doc = multipart(
      { sessionId },
      { field: 'file', name: 'clinic.pdf', type: 'application/pdf', bytes: pdf },
    );
    const extracted = await t.app.inject({ method: 'POST', url: API.extract, ...doc });
    expect(extracted.statusCode).toBe(200);
    const { text, filePath, pageCount } = extracted.json();
    expect(text).toContain('We are open Monday to Friday from 9am to 6pm.');
    expect(filePath).toMatch(/^doc_/);
    expect(pageCount).toBe(2);

    const png = await makeImage('png');
    const image = multipart(
      { sessionId },
      { field: 'image', name: 'avatar.png', type: 'image/png', bytes: png },
    );
    const uploaded = await t.app.inject({ method: 'POST', url: API.uploadImage, ...image });
    expect(uploaded.statusCode).toBe(200);
    const { tempImagePath } = uploaded.json();

    const saved = await t.app.inject({
      method: 'POST',
      url: API.saveConfig,
      headers: bearer(token),
      payload: botConfig({ sessionId, filePath }, { tempImagePath, documentName: 'clinic.pdf' }),
    });
    expect(saved.statusCode).toBe(200);
    const { botId, botCount } = saved.json();
    expect(botCount).toBe(1);

    const bot = await waitFor(
      () => t.database.db.selectFrom('bots').selectAll().where('id', '=', botId).executeTakeFirstOrThrow(),
      (row) => buildEnded(row.status),
    );
    expect(bot).toMatchObject({
      status: BOT_STATUS.ready,
      name: 'Harbour Helper',
      image_path: tempImagePath,
    });
    expect(bot.share_id).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(JSON.parse(bot.generated_questions).length).toBeGreaterThan(0);
    // The bot answers from the PDF, naming the page its answer stands on.
    const answer = await t.app.inject({
      method: 'POST',
      url: API.chat,
      headers: bearer(token),
      payload: { botConfigId: botId, message: 'When are you open?' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().reply).toContain('9am to 6pm');
    expect(answer.json().sources[0]).toMatchObject({ page: 1, text: expect.stringContaining('9am to 6pm') });

    expect((await planStatus()).userPlan.limits).toEqual({
      currentBots: 1,
      maxBots: 1,
      documentMaxBytes: PLANS.trial.documentMaxBytes,
    });
  });

  it('refuses a save at the cap with 403 ERROR_CODES.botLimitReached and maxBots', async () => {
    const upload = await uploadDocument(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: API.saveConfig,
      headers: bearer(token),
      payload: botConfig(upload),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: ERROR_CODES.botLimitReached, maxBots: 1 });
  });

  it('checks every field with the wizard schema and its exact messages', async () => {
    const upload = await uploadDocument(t.app);
    const cases: [Record<string, unknown>, string][] = [
      [{ botName: 'Bad!Name' }, WIZARD_MSG.nameCharacters],
      [{ botName: 'x'.repeat(51) }, WIZARD_MSG.nameTooLong],
      [{ welcomeMessage: '  ' }, WIZARD_MSG.welcomeRequired],
      [{ welcomeMessage: 'x'.repeat(201) }, WIZARD_MSG.welcomeTooLong],
      [{ chatbotTone: 'grumpy' }, WIZARD_MSG.toneRequired],
      [{ creativityLevel: 'wild' }, WIZARD_MSG.creativityRequired],
      [{ sessionId: 'short' }, WIZARD_MSG.invalidSession],
    ];
    for (const [change, message] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: API.saveConfig,
        headers: bearer(token),
        payload: botConfig(upload, change),
      });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().error).toBe(message);
    }
  });

  it('answers 409 for an unknown or expired session, and 401 without a token', async () => {
    const upload = await uploadDocument(t.app);
    const unknown = await t.app.inject({
      method: 'POST',
      url: API.saveConfig,
      headers: bearer(token),
      payload: botConfig({ ...upload, sessionId: newSessionId() }),
    });
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json().error).toBe(WIZARD_MSG.sessionExpired);

    await t.database.db
      .updateTable('wizard_sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', upload.sessionId)
      .execute();
    const expired = await t.app.inject({
      method: 'POST',
      url: API.saveConfig,
      headers: bearer(token),
      payload: botConfig(upload),
    });
    expect(expired.statusCode).toBe(409);

    const anonymous = await t.app.inject({ method: 'POST', url: API.saveConfig, payload: botConfig(upload) });
    expect(anonymous.statusCode).toBe(401);
  });

  it('stores uploads under server-made names only', () => {
    const stored = readdirSync(path.join(t.database.dataDir, 'uploads', 'documents'));
    expect(stored.length).toBeGreaterThan(0);
    for (const name of stored) expect(name).toMatch(/^doc_[A-Za-z0-9]{20}\.(pdf|txt|docx|doc)$/);
  });
});
