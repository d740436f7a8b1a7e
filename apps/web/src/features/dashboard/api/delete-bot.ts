import { API } from '@vuxo/shared/api';
import { DASHBOARD_MSG } from '@vuxo/shared/messages';
import { apiRequest, type TokenSource } from './api-request';

/** POST delete-bot { botId } (dashboard call 3). Its success body is not relied on. */
export async function deleteBot(getToken: TokenSource, botId: string): Promise<void> {
  await apiRequest({
    path: API.deleteBot,
    method: 'POST',
    body: { botId },
    getToken,
    parse: () => true,
    failure: DASHBOARD_MSG.deleteFailedStatus,
  });
}
