import { API } from '@vuxo/shared/api';
import { ERROR_CODES } from '@vuxo/shared/error-codes';
import { WIZARD_MSG } from '@vuxo/shared/messages';
import type { BotConfig } from '@vuxo/shared/schemas';
import { errorOf, sendApi } from '../../../app/api-client';
import { CALL_TIMEOUT_MS } from '../../../ui-tuning';

/** How a save ended. */
export type SaveOutcome =
  | { kind: 'saved'; botId: string; botCount: number }
  | { kind: 'sessionExpired'; message: string }
  | { kind: 'limitReached'; maxBots: number | null }
  | { kind: 'failed'; message: string };

/**
 * POST /api/save-config (wizard call 3) with a force-refreshed token.
 * 409 is an expired session; code ERROR_CODES.botLimitReached, 403 or 402 is the bot limit; anything else is
 * 'Failed to save bot: …'. Network failures and timeouts throw.
 */
export async function saveConfig(config: BotConfig, token: string): Promise<SaveOutcome> {
  const answer = await sendApi(API.saveConfig, {
    method: 'POST',
    body: config,
    token,
    timeoutMs: CALL_TIMEOUT_MS.saveConfig,
  });
  const { body, status } = answer;
  if (status === 409) return { kind: 'sessionExpired', message: WIZARD_MSG.sessionExpired };
  if (body?.code === ERROR_CODES.botLimitReached || status === 403 || status === 402) {
    const maxBots = body?.maxBots;
    return { kind: 'limitReached', maxBots: typeof maxBots === 'number' ? maxBots : null };
  }
  if (!answer.ok) {
    return {
      kind: 'failed',
      message: WIZARD_MSG.saveFailed(errorOf(body) ?? WIZARD_MSG.saveFailedStatus(status)),
    };
  }
  const botId = body?.botId;
  if (typeof botId !== 'string' || !botId) return { kind: 'failed', message: WIZARD_MSG.savedWithoutId };
  const botCount = body?.botCount;
  return { kind: 'saved', botId, botCount: typeof botCount === 'number' ? botCount : 0 };
}
