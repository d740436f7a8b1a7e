import { VISITOR_ID_HEADER } from '@vuxo/shared/chat';
import { widgetVisitorKey } from '@vuxo/shared/widget';
import { refusal, sendWithFetch, type ApiAnswer } from '../../../app/api-client';
import { widgetStorage } from './widget-storage';

export interface WidgetCaller {
  /** The ids the visitor id is kept under (the address's identifier and, once known, the bot id). */
  visitorKeys: readonly string[];
  /** The owner console's identity token; absent for visitors. */
  getToken?: () => Promise<string>;
}

export function storedVisitorId(keys: readonly string[]): string | null {
  for (const key of keys) {
    const id = widgetStorage.get(widgetVisitorKey(key));
    if (id) return id;
  }
  return null;
}

/** Keeps the visitor id the server handed back, so the next call (and visit) counts as the same visitor. */
export function rememberVisitorId(keys: readonly string[], id: string | null | undefined): void {
  if (!id) return;
  for (const key of keys) widgetStorage.set(widgetVisitorKey(key), id);
}

/**
 * One widget call: JSON in and out, the stored visitor id in the x-visitor-id header (and the Bearer token
 * for the owner console), and the visitor id of the answer remembered. A refusal throws the API client's
 * ApiError, with the server's message and code.
 */
export async function widgetRequest(
  caller: WidgetCaller,
  path: string,
  init: { method: 'GET' | 'POST'; body?: unknown; signal?: AbortSignal },
): Promise<unknown> {
  return (await widgetAnswer(caller, path, init)).body;
}

/** widgetRequest's whole answer; with `stream`, a reply of that type comes back unread (a streamed reply). */
export async function widgetAnswer(
  caller: WidgetCaller,
  path: string,
  init: { method: 'GET' | 'POST'; body?: unknown; signal?: AbortSignal | undefined; stream?: string },
): Promise<ApiAnswer> {
  const visitorId = storedVisitorId(caller.visitorKeys);
  const answer = await sendWithFetch(path, {
    method: init.method,
    body: init.body,
    headers: visitorId ? { [VISITOR_ID_HEADER]: visitorId } : {},
    ...(caller.getToken ? { token: await caller.getToken() } : {}),
    ...(init.signal ? { signal: init.signal } : {}),
    ...(init.stream ? { stream: init.stream } : {}),
  });
  rememberVisitorId(caller.visitorKeys, answer.header(VISITOR_ID_HEADER));
  if (!answer.ok) throw refusal(answer, (status) => `Request failed (${status})`);
  return answer;
}
