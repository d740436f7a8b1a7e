import { beforeEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { sessionIdSchema } from '@vuxo/shared/schemas';
import { SESSION_KEYS } from '@vuxo/shared/storage-keys';
import { useBotCreation } from '../../src/features/wizard/hooks/use-bot-creation';
import { ensureSessionId, rememberSavedBot } from '../../src/features/wizard/state/wizard-session';

describe('the wizard session in session storage', () => {
  beforeEach(() => sessionStorage.clear());

  it('is created when missing or invalid, and kept when valid', () => {
    const first = ensureSessionId();
    expect(sessionIdSchema.safeParse(first).success).toBe(true);
    expect(ensureSessionId()).toBe(first);
    sessionStorage.setItem(SESSION_KEYS.sessionId, 'bad id!');
    const fresh = ensureSessionId();
    expect(fresh).not.toBe('bad id!');
    expect(sessionIdSchema.safeParse(fresh).success).toBe(true);
  });

  it('after a save, keeps the bot as activeDocId and removes the sessionId', () => {
    ensureSessionId();
    rememberSavedBot('bot_123');
    expect(sessionStorage.getItem(SESSION_KEYS.activeDocId)).toBe('bot_123');
    expect(sessionStorage.getItem(SESSION_KEYS.sessionId)).toBeNull();
  });

  it('wizard reset clears the stored sessionId and activeDocId and starts a new session', () => {
    sessionStorage.setItem(SESSION_KEYS.activeDocId, 'bot_1');
    const { result } = renderHook(() => useBotCreation());
    const before = result.current.state.sessionId;
    expect(before).toBe(sessionStorage.getItem(SESSION_KEYS.sessionId));
    act(() => result.current.dispatch({ type: 'setBotName', value: 'Changed' }));
    act(() => result.current.reset());
    expect(sessionStorage.getItem(SESSION_KEYS.activeDocId)).toBeNull();
    expect(result.current.state.sessionId).not.toBe(before);
    expect(result.current.state.botName).not.toBe('Changed');
    expect(sessionStorage.getItem(SESSION_KEYS.sessionId)).toBe(result.current.state.sessionId);
  });
});
