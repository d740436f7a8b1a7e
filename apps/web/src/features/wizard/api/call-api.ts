/** What an API call answered: its status and its JSON body (null when the body is not JSON). */
export interface ApiAnswer {
  ok: boolean;
  status: number;
  body: Record<string, unknown> | null;
}

export const TIMEOUT_MESSAGE = 'The request timed out. Please check your connection and try again.';
export const NETWORK_MESSAGE = 'Network error. Please check your connection and try again.';

/** Calls the API with a time limit (specification, section 9: call timeouts), and reads its JSON body. */
export async function callApi(url: string, init: RequestInit, timeoutMs: number): Promise<ApiAnswer> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const res = await fetch(url, { ...init, signal: controller.signal });
    const body = await readJson(res);
    return { ok: res.ok, status: res.status, body };
  } catch (error) {
    if (controller.signal.aborted) throw new Error(TIMEOUT_MESSAGE, { cause: error });
    throw new Error(NETWORK_MESSAGE, { cause: error });
  } finally {
    clearTimeout(timer);
  }
}

async function readJson(res: Response): Promise<Record<string, unknown> | null> {
  try {
    const body: unknown = await res.json();
    return body && typeof body === 'object' && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The server's error message in a JSON body (decisions, section 2: `{ error, code? }`), if any. */
export function errorOf(body: Record<string, unknown> | null): string | null {
  const error = body?.error;
  return typeof error === 'string' && error.trim() ? error : null;
}

export const bearer = (token: string | null | undefined): Record<string, string> =>
  token ? { Authorization: `Bearer ${token}` } : {};
