import { API, BOT_LIMIT_REACHED, CALL_TIMEOUT_MS, WIZARD_MSG, type BotConfig } from '@vuxo/shared';
import { bearer, callApi, errorOf } from './call-api';

/** How a save ended (specification, sections 7 and 8). */
export type SaveOutcome =
  | { kind: 'saved'; botId: string; botCount: number }
  | { kind: 'sessionExpired'; message: string }
  | { kind: 'limitReached'; maxBots: number | null }
  | { kind: 'failed'; message: string };

/**
 * POST /api/save-config (specification, section 7, wizard call 3) with a force-refreshed token.
 * 409 is an expired session; code BOT_LIMIT_REACHED, 403 or 402 is the bot limit; anything else is
 * 'Failed to save bot: …'. Network failures and timeouts throw.
 */
export async function saveConfig(config: BotConfig, token: string): Promise<SaveOutcome> {
  const answer = await callApi(
    API.saveConfig,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...bearer(token) },
      body: JSON.stringify(config),
    },
    CALL_TIMEOUT_MS.saveConfig,
  );
  const { body, status } = answer;
  if (status === 409) return { kind: 'sessionExpired', message: WIZARD_MSG.sessionExpired };
  if (body?.code === BOT_LIMIT_REACHED || status === 403 || status === 402) {
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
