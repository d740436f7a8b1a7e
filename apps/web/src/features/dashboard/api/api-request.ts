import { requestApi } from '../../../app/api-client';

/** A fresh identity token for each call (force-refreshed). */
export type TokenSource = (forceRefresh?: boolean) => Promise<string>;

interface Request<T> {
  path: string;
  method?: 'GET' | 'POST' | 'DELETE';
  body?: unknown;
  getToken: TokenSource;
  /** Reads the reply; undefined when it is not what the call expects. */
  parse: (json: unknown) => T | undefined;
  /** The message when the server's reply has no error field, from its status. */
  failure: (status: number) => string;
}

/**
 * One dashboard call, with a freshly force-refreshed token. On a refusal the error field of the JSON body is
 * the message; failures are the API client's ApiError.
 */
export async function apiRequest<T>(request: Request<T>): Promise<T> {
  const token = await request.getToken(true);
  return requestApi(
    request.path,
    { method: request.method ?? 'GET', body: request.body, token },
    request.parse,
    request.failure,
  );
}
