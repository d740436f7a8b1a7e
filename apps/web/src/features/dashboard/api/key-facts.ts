import { API } from '@vuxo/shared/api';
import { KEY_FACTS_MSG } from '@vuxo/shared/messages';
import { keyFactsResponseSchema, type KeyFactsResponse, type KeyFactsValue } from '@vuxo/shared/schemas';
import { apiRequest, type TokenSource } from './api-request';

/** GET what the bot knows: its key facts, the owner's corrections over the document's. */
export function getKeyFacts(getToken: TokenSource, botId: string): Promise<KeyFactsResponse> {
  return apiRequest({
    path: `${API.keyFacts}?botId=${encodeURIComponent(botId)}`,
    getToken,
    parse: (json) => keyFactsResponseSchema.safeParse(json).data,
    failure: KEY_FACTS_MSG.requestFailedStatus,
  });
}

/** POST the facts as the owner wants them; resolves with what the bot knows now. */
export function saveKeyFacts(
  getToken: TokenSource,
  botId: string,
  facts: KeyFactsValue,
): Promise<KeyFactsResponse> {
  return apiRequest({
    path: API.saveKeyFacts,
    method: 'POST',
    body: { botId, facts },
    getToken,
    parse: (json) => keyFactsResponseSchema.safeParse(json).data,
    failure: KEY_FACTS_MSG.requestFailedStatus,
  });
}
