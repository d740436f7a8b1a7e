import { API } from '@vuxo/shared/api';
import { SHARE_MSG } from '@vuxo/shared/dashboard';
import { updateBotSettingsResponseSchema, type UpdateBotSettingsRequest } from '@vuxo/shared/schemas';
import { apiRequest, type TokenSource } from './api-request';

/** POST the bot's settings (its contact); resolves once they are stored. */
export function updateBotSettings(getToken: TokenSource, settings: UpdateBotSettingsRequest): Promise<true> {
  return apiRequest({
    path: API.updateBotSettings,
    method: 'POST',
    body: settings,
    getToken,
    parse: (json) => updateBotSettingsResponseSchema.safeParse(json).data?.success,
    failure: SHARE_MSG.requestFailedStatus,
  });
}
