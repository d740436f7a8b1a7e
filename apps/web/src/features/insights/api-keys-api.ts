import { PUBLIC_API_MSG } from '@vuxo/shared/messages';
import { PUBLIC_API, publicApiPath, type ApiKeyScope } from '@vuxo/shared/public-api';
import {
  apiKeysResponseSchema,
  createdApiKeySchema,
  type ApiKeysResponse,
  type CreatedApiKey,
} from '@vuxo/shared/schemas';
import { apiRequest, type TokenSource } from '../dashboard';

/** The bot's API keys (decision 108): listed, created (the key shown once) and revoked by its owner. */
export function apiKeysApi(getToken: TokenSource, botId: string) {
  const failure = PUBLIC_API_MSG.requestFailedStatus;
  const keys = publicApiPath(PUBLIC_API.keys, { botId });
  return {
    list: (): Promise<ApiKeysResponse> =>
      apiRequest({
        path: keys,
        getToken,
        parse: (json) => apiKeysResponseSchema.safeParse(json).data,
        failure,
      }),
    create: (input: { name: string; scopes: ApiKeyScope[] }): Promise<CreatedApiKey> =>
      apiRequest({
        path: keys,
        method: 'POST',
        body: input,
        getToken,
        parse: (json) => createdApiKeySchema.safeParse(json).data,
        failure,
      }),
    revoke: (keyId: string): Promise<unknown> =>
      apiRequest({
        path: publicApiPath(PUBLIC_API.key, { botId, keyId }),
        method: 'DELETE',
        getToken,
        parse: () => true,
        failure,
      }),
  };
}
export type ApiKeysApi = ReturnType<typeof apiKeysApi>;
