import { VISITOR_ID_HEADER, widgetVisitorKey } from '@vuxo/shared';
import { widgetStorage } from './widget-storage';

/** A refused call: the server's `error` text (or the status) and its `code`. */
export class WidgetCallError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | null,
    readonly body: Record<string, unknown> | null,
  ) {
    super(message);
  }
}

export interface WidgetCaller {
  /** The ids the visitor id is kept under (the address's identifier and, once known, the bot id). */
  visitorKeys: readonly string[];
  /** The owner console's identity token; absent for visitors. */
  getToken?: () => Promise<string>;
}

function storedVisitorId(keys: readonly string[]): string | null {
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

async function refusal(res: Response): Promise<WidgetCallError> {
  let body: Record<string, unknown> | null = null;
  try {
    const json: unknown = await res.json();
    if (json && typeof json === 'object') body = json as Record<string, unknown>;
  } catch {
    body = null;
  }
  const message = typeof body?.error === 'string' ? body.error : `Request failed (${res.status})`;
  return new WidgetCallError(res.status, message, typeof body?.code === 'string' ? body.code : null, body);
}

/**
 * One widget call: JSON in and out, the stored visitor id in the x-visitor-id header (and the Bearer token
 * for the owner console), and the visitor id of the answer remembered.
 */
export async function widgetRequest<T>(
  caller: WidgetCaller,
  path: string,
  init: { method: 'GET' | 'POST'; body?: unknown; signal?: AbortSignal },
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const visitorId = storedVisitorId(caller.visitorKeys);
  if (visitorId) headers[VISITOR_ID_HEADER] = visitorId;
  if (caller.getToken) headers.authorization = `Bearer ${await caller.getToken()}`;
  const res = await fetch(path, {
    method: init.method,
    headers,
    credentials: 'same-origin',
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    ...(init.signal ? { signal: init.signal } : {}),
  });
  rememberVisitorId(caller.visitorKeys, res.headers.get(VISITOR_ID_HEADER));
  if (!res.ok) throw await refusal(res);
  return (await res.json()) as T;
}
