import { afterEach, describe, expect, it, vi } from 'vitest';
import { healthSchema } from '@vuxo/shared/schemas';
import { ApiError, NETWORK_MESSAGE, TIMEOUT_MESSAGE, requestApi, sendApi } from '../../src/app/api-client';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const reply = (status: number, body: unknown) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );

describe('the web API client', () => {
  it('reads a reply with its shared schema, leaving out what the schema does not name', async () => {
    reply(200, { ok: true, extra: 'x' });
    expect(await requestApi('/api/health', {}, healthSchema, (s) => `failed (${s})`)).toEqual({ ok: true });
  });

  it("turns a refusal into an ApiError with the server's message and code, else the caller's words", async () => {
    reply(403, { error: 'Not yours.', code: 'BOT_NOT_FOUND' });
    const refused = await requestApi('/api/x', {}, healthSchema, (s) => `failed (${s})`).catch((e) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ message: 'Not yours.', status: 403, code: 'BOT_NOT_FOUND' });
    reply(502, 'not json');
    await expect(requestApi('/api/x', {}, healthSchema, (s) => `failed (${s})`)).rejects.toThrow(
      'failed (502)',
    );
    reply(200, { ok: 'yes' });
    await expect(requestApi('/api/x', {}, healthSchema, (s) => `failed (${s})`)).rejects.toThrow(
      'failed (200)',
    );
  });

  it("reads the public API's refusal shape, and sends a DELETE without a JSON content type", async () => {
    reply(429, { error: { code: 'rate_limited', message: 'Try again shortly.' } });
    const refused = await requestApi('/api/v1/x', {}, healthSchema, (s) => `failed (${s})`).catch((e) => e);
    expect(refused).toMatchObject({ message: 'Try again shortly.', status: 429, code: 'rate_limited' });
    const fetched = vi.fn(async (_url: string, _init: RequestInit) => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetched);
    await sendApi('/api/v1/x', { method: 'DELETE' });
    expect(fetched.mock.calls[0]![1].headers).not.toHaveProperty('Content-Type');
    await sendApi('/api/v1/x', { method: 'POST', body: {} });
    expect(fetched.mock.calls[1]![1].headers).toHaveProperty('Content-Type', 'application/json');
  });

  it('a call with no answer is an ApiError with status 0: offline, or past its time limit', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(sendApi('/api/x')).rejects.toMatchObject({ status: 0, message: NETWORK_MESSAGE });
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      ),
    );
    await expect(sendApi('/api/x', { timeoutMs: 20 })).rejects.toMatchObject({
      status: 0,
      message: TIMEOUT_MESSAGE,
    });
  });

  it("a call its caller aborts rejects with the caller's AbortError, not an ApiError", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      ),
    );
    const controller = new AbortController();
    const call = sendApi('/api/x', { signal: controller.signal });
    controller.abort();
    const error = await call.catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as DOMException).name).toBe('AbortError');
  });
});
