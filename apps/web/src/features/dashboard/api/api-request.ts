/** A failed dashboard call; its message is the one the screen shows. */
export class ApiCallError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ApiCallError';
  }
}

/** A fresh identity token for each call (specification, section 7: force-refreshed). */
export type TokenSource = (forceRefresh?: boolean) => Promise<string>;

interface Request<T> {
  path: string;
  method?: 'GET' | 'POST';
  body?: unknown;
  getToken: TokenSource;
  /** Reads the reply; undefined when it is not what the call expects. */
  parse: (json: unknown) => T | undefined;
  /** The message when the server's reply has no error field, from its status. */
  failure: (status: number) => string;
}

/**
 * One dashboard call: Content-Type application/json and Authorization Bearer with a freshly
 * force-refreshed token. On a non-OK reply the error field of the JSON body is the message.
 */
export async function apiRequest<T>(request: Request<T>): Promise<T> {
  const token = await request.getToken(true);
  const res = await fetch(request.path, {
    method: request.method ?? 'GET',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
  });
  const json: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const { error, code } = (json ?? {}) as { error?: unknown; code?: unknown };
    throw new ApiCallError(
      typeof error === 'string' && error ? error : request.failure(res.status),
      res.status,
      typeof code === 'string' ? code : undefined,
    );
  }
  const result = request.parse(json);
  if (result === undefined) throw new ApiCallError(request.failure(res.status), res.status);
  return result;
}

export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : String(error);
}
