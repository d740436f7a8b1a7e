import { API, SHARE_MSG, botThemeResponseSchema, type ThemeId } from '@vuxo/shared';
import { apiRequest, type TokenSource } from './api-request';

/** POST the widget theme; the reply is the theme as stored. */
export function updateBotTheme(getToken: TokenSource, botId: string, themeId: ThemeId): Promise<ThemeId> {
  return apiRequest({
    path: API.updateBotTheme,
    method: 'POST',
    body: { botId, themeId },
    getToken,
    parse: (json) => botThemeResponseSchema.safeParse(json).data?.themeId,
    failure: SHARE_MSG.requestFailedStatus,
  });
}
