import { API } from '@vuxo/shared/api';
import type { ThemeId } from '@vuxo/shared/chat';
import { SHARE_MSG } from '@vuxo/shared/dashboard';
import { botThemeResponseSchema } from '@vuxo/shared/schemas';
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
