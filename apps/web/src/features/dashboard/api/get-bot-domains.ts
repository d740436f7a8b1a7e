import { API } from '@vuxo/shared/api';
import { SHARE_MSG } from '@vuxo/shared/dashboard';
import { botDomainsResponseSchema } from '@vuxo/shared/schemas';
import { apiRequest, type TokenSource } from './api-request';

/** GET the websites allowed to embed the bot. */
export function getBotDomains(getToken: TokenSource, botId: string): Promise<string[]> {
  return apiRequest({
    path: `${API.botDomains}?botId=${encodeURIComponent(botId)}`,
    getToken,
    parse: (json) => botDomainsResponseSchema.safeParse(json).data?.allowedDomains,
    failure: SHARE_MSG.requestFailedStatus,
  });
}
