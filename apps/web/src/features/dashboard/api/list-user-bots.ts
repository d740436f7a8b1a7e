import { API, DASHBOARD_MSG, listBotsResponseSchema, type BotSummary } from '@vuxo/shared';
import { apiRequest, type TokenSource } from './api-request';

/** GET list-user-bots (specification, section 7, dashboard call 1): the response field bots. */
export function listUserBots(getToken: TokenSource): Promise<BotSummary[]> {
  return apiRequest({
    path: API.listBots,
    getToken,
    parse: (json) => listBotsResponseSchema.safeParse(json).data?.bots,
    failure: DASHBOARD_MSG.fetchBotsFailed,
  });
}
