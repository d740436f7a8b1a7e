import { describe, expect, it } from 'vitest';
import { afterLogin, DEFAULT_AFTER_LOGIN } from '../src/features/auth/login-state';

describe('where the login page sends the user', () => {
  it('honours redirectAfterLogin and hands the rest of the state on (post-login actions)', () => {
    const action = { type: 'finalizeBot', wizardData: { botName: 'Helper' } };
    expect(afterLogin({ redirectAfterLogin: '/wizard', postLoginAction: action })).toEqual({
      to: '/wizard',
      state: { postLoginAction: action },
    });
    expect(afterLogin({ redirectAfterLogin: '/payment', planId: 'pro' })).toEqual({
      to: '/payment',
      state: { planId: 'pro' },
    });
  });

  it('goes to the dashboard when no target is given', () => {
    expect(afterLogin(null)).toEqual({ to: DEFAULT_AFTER_LOGIN, state: null });
    expect(afterLogin({})).toEqual({ to: DEFAULT_AFTER_LOGIN, state: null });
  });

  it('never leaves the site or loops back to /login', () => {
    for (const target of ['https://evil.example', '//evil.example', 'javascript:alert(1)', '/login']) {
      expect(afterLogin({ redirectAfterLogin: target }).to).toBe(DEFAULT_AFTER_LOGIN);
    }
  });
});
