import { readReply, type ReplySchema } from '@vuxo/shared/replies';

/**
 * The web app's one way to call the API: every feature (the wizard, the dashboard, the chat widget) sends its
 * calls through here and gets one error type back.
 */

export const TIMEOUT_MESSAGE = 'The request timed out. Please check your connection and try again.';
export const NETWORK_MESSAGE = 'Network error. Please check your connection and try again.';

/** A call that did not succeed: refused by the server (its status, `error` and `code`), or never answered (0). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | null = null,
    readonly body: Record<string, unknown> | null = null,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

export interface ApiCall {
  method?: 'GET' | 'POST' | 'DELETE';
  /** Sent as JSON; a FormData is sent as a form (uploads). */
  body?: unknown;
  /** The signed-in user's identity token, sent as a Bearer token. */
  token?: string | null;
  headers?: Record<string, string>;
  /** Given up after this long (the call then fails with TIMEOUT_MESSAGE). */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** A type the caller reads as it arrives (sent as Accept): a successful reply of that type comes back unread. */
  stream?: string;
  /** Upload progress, 0 to 100 (the call then goes by XMLHttpRequest, which reports it). */
  onUploadProgress?: (percent: number) => void;
}

/** What the server answered: its status, its JSON body (null when not a JSON object) and its headers. */
export interface ApiAnswer {
  ok: boolean;
  status: number;
  body: Record<string, unknown> | null;
  /** The unread body of a reply of the call's `stream` type. */
  stream?: ReadableStream<Uint8Array>;
  header(name: string): string | null;
}

/** The public API's refusal (`{ error: { code, message } }`, decision 108), if the body is one. */
const publicError = (body: Record<string, unknown> | null) =>
  typeof body?.error === 'object' && body.error !== null ? (body.error as Record<string, unknown>) : null;

/** The server's message in a refusal's body (`{ error, code? }`, or the public API's shape), if any. */
export function errorOf(body: Record<string, unknown> | null): string | null {
  const error = publicError(body)?.message ?? body?.error;
  return typeof error === 'string' && error.trim() ? error : null;
}

/** A refusal as an ApiError: the server's message, else the caller's words for the status. */
export function refusal(answer: ApiAnswer, fallback: (status: number) => string): ApiError {
  const sent = publicError(answer.body)?.code ?? answer.body?.code;
  const code = typeof sent === 'string' ? sent : null;
  return new ApiError(errorOf(answer.body) ?? fallback(answer.status), answer.status, code, answer.body);
}

function jsonObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

function requestHeaders(call: ApiCall): Record<string, string> {
  const headers: Record<string, string> = { Accept: call.stream ?? 'application/json', ...call.headers };
  // Every JSON call says so, GETs included (the API's documented headers); a form sets its own boundary. A DELETE
  // sends no body, and a JSON content type without one is refused as an empty body.
  const bodiless = call.method === 'DELETE' && call.body === undefined;
  if (!(call.body instanceof FormData) && !bodiless) headers['Content-Type'] = 'application/json';
  if (call.token) headers.Authorization = `Bearer ${call.token}`;
  return headers;
}

const payload = (body: unknown) =>
  body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body);

/**
 * Sends one call. Any answer from the server resolves, refusals included (see `refusal`); a call that got no
 * answer (offline, timed out) throws an ApiError with status 0; a call the caller aborted throws its AbortError.
 */
export function sendApi(path: string, call: ApiCall = {}): Promise<ApiAnswer> {
  return call.onUploadProgress
    ? sendWithProgress(path, call, call.onUploadProgress)
    : sendWithFetch(path, call);
}

/** sendApi without upload progress: the chat widget's calls, so its bundle leaves the XMLHttpRequest path out. */
export async function sendWithFetch(path: string, call: ApiCall): Promise<ApiAnswer> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = call.timeoutMs
    ? setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, call.timeoutMs)
    : undefined;
  call.signal?.addEventListener('abort', () => controller.abort(), { once: true });
  try {
    const res = await fetch(path, {
      method: call.method ?? 'GET',
      headers: requestHeaders(call),
      body: payload(call.body),
      credentials: 'same-origin',
      signal: controller.signal,
    });
    const header = (name: string) => res.headers.get(name);
    if (call.stream && res.ok && res.body && header('content-type')?.startsWith(call.stream))
      return { ok: true, status: res.status, body: null, stream: res.body, header };
    const body = jsonObject(await res.text().catch(() => ''));
    return { ok: res.ok, status: res.status, body, header };
  } catch (error) {
    if (call.signal?.aborted) throw error;
    const message = timedOut ? TIMEOUT_MESSAGE : NETWORK_MESSAGE;
    throw new ApiError(message, 0, null, null, { cause: error });
  } finally {
    clearTimeout(timer);
  }
}

function sendWithProgress(
  path: string,
  call: ApiCall,
  onProgress: (percent: number) => void,
): Promise<ApiAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(call.method ?? 'POST', path);
    if (call.timeoutMs) xhr.timeout = call.timeoutMs;
    for (const [name, value] of Object.entries(requestHeaders(call))) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () =>
      resolve({
        ok: xhr.status >= 200 && xhr.status < 300,
        status: xhr.status,
        body: jsonObject(xhr.responseText),
        header: (name) => xhr.getResponseHeader(name),
      });
    xhr.onerror = () => reject(new ApiError(NETWORK_MESSAGE, 0));
    xhr.ontimeout = () => reject(new ApiError(TIMEOUT_MESSAGE, 0));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    call.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    onProgress(0);
    xhr.send(payload(call.body) ?? null);
  });
}

/**
 * One call read with its reply's shared schema (or a reader that returns undefined for a reply it cannot
 * use): the reply, or an ApiError — the server's message for a refusal, else `fallback(status)` (also for a
 * reply that does not match).
 */
export async function requestApi<T>(
  path: string,
  call: ApiCall,
  read: ReplySchema<T> | ((body: unknown) => T | undefined),
  fallback: (status: number) => string,
): Promise<T> {
  const answer = await sendApi(path, call);
  if (!answer.ok) throw refusal(answer, fallback);
  const reply = typeof read === 'function' ? read(answer.body) : readReply(read, answer.body);
  if (reply === undefined) throw new ApiError(fallback(answer.status), answer.status, null, answer.body);
  return reply;
}

export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : String(error);
}
