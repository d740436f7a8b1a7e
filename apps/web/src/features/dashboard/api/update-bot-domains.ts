import { API } from '@vuxo/shared/api';
import { SHARE_MSG } from '@vuxo/shared/dashboard';
import { botDomainsResponseSchema } from '@vuxo/shared/schemas';
import { apiRequest, type TokenSource } from './api-request';

/** POST the allowed websites; the reply is the list as stored (lowercased, deduplicated). */
export function updateBotDomains(
  getToken: TokenSource,
  botId: string,
  allowedDomains: string[],
): Promise<string[]> {
  return apiRequest({
    path: API.updateBotDomains,
    method: 'POST',
    body: { botId, allowedDomains },
    getToken,
    parse: (json) => botDomainsResponseSchema.safeParse(json).data?.allowedDomains,
    failure: SHARE_MSG.requestFailedStatus,
  });
}
