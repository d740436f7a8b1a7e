import { afterEach, describe, expect, it, vi } from 'vitest';
import { VISITOR_ID_HEADER } from '@vuxo/shared/chat';
import { widgetRequest } from '../../src/features/widget/api/widget-request';

/** The browser's own localStorage, put back after each test. */
const own = Object.getOwnPropertyDescriptor(window, 'localStorage');
afterEach(() => {
  vi.unstubAllGlobals();
  if (own) Object.defineProperty(window, 'localStorage', own);
  localStorage.clear();
});

/** As in a third-party iframe whose browser blocks its storage: reading localStorage throws. */
function blockStorage() {
  Object.defineProperty(window, 'localStorage', {
    configurable: true,
    get() {
      throw new DOMException('Access is denied for this document.', 'SecurityError');
    },
  });
}

/** The server: hands out `v_1` to a caller who sends no id, and hands back the id it was sent. */
function server() {
  const fetch = vi.fn(async (_path: string, init: RequestInit) => {
    const sent = (init.headers as Record<string, string>)[VISITOR_ID_HEADER];
    return new Response('{"success":true}', {
      status: 200,
      headers: { 'content-type': 'application/json', [VISITOR_ID_HEADER]: sent ?? 'v_1' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return () =>
    fetch.mock.calls.map(([, init]) => (init.headers as Record<string, string>)[VISITOR_ID_HEADER]);
}

describe('the visitor id the widget sends back', () => {
  it('is kept in memory where the browser blocks storage, so every message is the same visitor', async () => {
    blockStorage();
    const sent = server();
    const caller = { visitorKeys: ['share_blocked'] };
    for (let i = 0; i < 3; i++) await widgetRequest(caller, '/api/chat', { method: 'POST', body: {} });
    expect(sent()).toEqual([undefined, 'v_1', 'v_1']);
  });

  it('is kept in localStorage where the browser allows it', async () => {
    const sent = server();
    await widgetRequest({ visitorKeys: ['share_open'] }, '/api/chat', { method: 'POST', body: {} });
    await widgetRequest({ visitorKeys: ['share_open'] }, '/api/chat', { method: 'POST', body: {} });
    expect(sent()).toEqual([undefined, 'v_1']);
    expect(localStorage.getItem('visitorId_share_open')).toBe('v_1');
  });
});
