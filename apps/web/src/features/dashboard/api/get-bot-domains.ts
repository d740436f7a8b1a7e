import { API, SHARE_MSG, botDomainsResponseSchema } from '@vuxo/shared';
import { apiRequest, type TokenSource } from './api-request';

/** GET the websites allowed to embed the bot (decisions, section 8). */
export function getBotDomains(getToken: TokenSource, botId: string): Promise<string[]> {
  return apiRequest({
    path: `${API.botDomains}?botId=${encodeURIComponent(botId)}`,
    getToken,
    parse: (json) => botDomainsResponseSchema.safeParse(json).data?.allowedDomains,
    failure: SHARE_MSG.requestFailedStatus,
  });
}
