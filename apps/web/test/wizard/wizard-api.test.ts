import { afterEach, describe, expect, it, vi } from 'vitest';
import { API } from '@vuxo/shared/api';
import { ERROR_CODES } from '@vuxo/shared/error-codes';
import { WIZARD_MSG } from '@vuxo/shared/messages';
import { PLANS } from '@vuxo/shared/plans';
import type { BotConfig } from '@vuxo/shared/schemas';
import { saveConfig } from '../../src/features/wizard/api/save-config';
import { getUserPlanStatus } from '../../src/features/wizard/api/get-user-plan-status';
import { uploadImage } from '../../src/features/wizard/api/upload-image';

const config: BotConfig = {
  sessionId: 'session_abcdefghijklmnop',
  botType: 'text',
  botName: 'Sunny',
  welcomeMessage: 'Hi',
  chatbotTone: 'friendly',
  documentName: 'menu.pdf',
  documentPath: 'doc_abcdefghijklmnop',
  creativityLevel: 'balanced',
  tempImagePath: null,
};

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(async () =>
    typeof body === 'string'
      ? new Response(body, { status })
      : new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('save-config', () => {
  it('sends the configuration with the Bearer token and reads botId and botCount', async () => {
    const fetchMock = answer(200, { botId: 'bot_1', botCount: 1 });
    expect(await saveConfig(config, 'token-1')).toEqual({ kind: 'saved', botId: 'bot_1', botCount: 1 });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(API.saveConfig);
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer token-1');
    expect(JSON.parse(String(init.body))).toEqual(config);
  });

  it('409 is an expired session', async () => {
    answer(409, { error: 'whatever' });
    expect(await saveConfig(config, 't')).toEqual({
      kind: 'sessionExpired',
      message: WIZARD_MSG.sessionExpired,
    });
  });

  it('code ERROR_CODES.botLimitReached, 403 or 402 is the bot limit, with maxBots', async () => {
    answer(403, { error: 'limit', code: ERROR_CODES.botLimitReached, maxBots: 1 });
    expect(await saveConfig(config, 't')).toEqual({ kind: 'limitReached', maxBots: 1 });
    answer(402, {});
    expect(await saveConfig(config, 't')).toEqual({ kind: 'limitReached', maxBots: null });
  });

  it("other failures read 'Failed to save bot: …' with the server's error or the status", async () => {
    answer(500, { error: 'Database unavailable' });
    expect(await saveConfig(config, 't')).toEqual({
      kind: 'failed',
      message: 'Failed to save bot: Database unavailable',
    });
    answer(502, '<html>bad gateway</html>');
    expect(await saveConfig(config, 't')).toEqual({
      kind: 'failed',
      message: 'Failed to save bot: Save failed (502)',
    });
  });

  it("a save with no botId is 'Bot saved, but no Bot ID returned'", async () => {
    answer(200, { botCount: 1 });
    expect(await saveConfig(config, 't')).toEqual({ kind: 'failed', message: WIZARD_MSG.savedWithoutId });
  });
});

describe('the plan check', () => {
  it('reads the limits', async () => {
    answer(200, {
      success: true,
      userPlan: {
        planName: 'Free Trial',
        limits: { currentBots: 0, maxBots: 1, documentMaxBytes: PLANS.trial.documentMaxBytes },
      },
    });
    expect(await getUserPlanStatus('t')).toEqual({
      planName: 'Free Trial',
      limits: { currentBots: 0, maxBots: 1, documentMaxBytes: PLANS.trial.documentMaxBytes },
    });
  });

  it("fails with 'Failed to verify plan: …'", async () => {
    answer(500, { error: 'x' });
    await expect(getUserPlanStatus('t')).rejects.toThrow(
      'Failed to verify plan: Plan check failed with status 500',
    );
    answer(200, { success: true });
    await expect(getUserPlanStatus('t')).rejects.toThrow('Failed to verify plan: Invalid plan data');
  });
});

describe('the avatar upload', () => {
  it('sends the image as a PNG avatar with the session id', async () => {
    const fetchMock = answer(200, { tempImagePath: 'img_abcdefghijklmnop' });
    const image = new File(['png'], 'edited.png', { type: 'image/png' });
    expect(await uploadImage({ image, sessionId: config.sessionId, token: null })).toBe(
      'img_abcdefghijklmnop',
    );
    const body = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body as FormData;
    expect((body.get('image') as File).name).toBe('avatar.png');
    expect(body.get('sessionId')).toBe(config.sessionId);
  });

  it("fails with 'Image upload failed: …' or '… (<status>)', and needs an image", async () => {
    answer(400, { error: 'The file is not an image.' });
    const image = new Blob(['x']);
    await expect(uploadImage({ image, sessionId: config.sessionId, token: 't' })).rejects.toThrow(
      'Image upload failed: The file is not an image.',
    );
    answer(500, 'oops');
    await expect(uploadImage({ image, sessionId: config.sessionId, token: 't' })).rejects.toThrow(
      'Image upload failed (500)',
    );
    await expect(uploadImage({ image: null, sessionId: config.sessionId, token: 't' })).rejects.toThrow(
      WIZARD_MSG.noImageFile,
    );
  });
});
