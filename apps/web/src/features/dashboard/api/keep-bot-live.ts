import { API } from '@vuxo/shared/api';
import { DASHBOARD_MSG } from '@vuxo/shared/messages';
import { apiRequest, type TokenSource } from './api-request';

/** POST keep-bot-live { botId }: this bot answers visitors again; another pauses in its place (decision 032). */
export async function keepBotLive(getToken: TokenSource, botId: string): Promise<void> {
  await apiRequest({
    path: API.keepBotLive,
    method: 'POST',
    body: { botId },
    getToken,
    parse: () => true,
    failure: DASHBOARD_MSG.keepLiveFailedStatus,
  });
}
