import { API } from '@vuxo/shared/api';
import { DASHBOARD_MSG } from '@vuxo/shared/messages';
import { listBotsResponseSchema, type BotSummary } from '@vuxo/shared/schemas';
import { apiRequest, type TokenSource } from './api-request';

/** GET list-user-bots (dashboard call 1): the response field bots. */
export function listUserBots(getToken: TokenSource): Promise<BotSummary[]> {
  return apiRequest({
    path: API.listBots,
    getToken,
    parse: (json) => listBotsResponseSchema.safeParse(json).data?.bots,
    failure: DASHBOARD_MSG.fetchBotsFailed,
  });
}
