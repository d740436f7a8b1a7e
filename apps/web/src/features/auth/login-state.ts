import { ROUTES } from '@vuxo/shared/routes';

/**
 * Navigation state the login page accepts: `redirectAfterLogin` (a path),
 * and anything else (a post-login action from the wizard, the plan id from the payment page), which is
 * handed on to the page the user returns to.
 */
export interface LoginState {
  redirectAfterLogin?: string;
  [key: string]: unknown;
}

export const DEFAULT_AFTER_LOGIN = ROUTES.dashboard;

/** Where to go after login, and the state to carry there. Only same-site paths are honoured. */
export function afterLogin(state: unknown): { to: string; state: Record<string, unknown> | null } {
  if (!state || typeof state !== 'object') return { to: DEFAULT_AFTER_LOGIN, state: null };
  const { redirectAfterLogin, ...rest } = state as LoginState;
  const safe =
    typeof redirectAfterLogin === 'string' &&
    redirectAfterLogin.startsWith('/') &&
    !redirectAfterLogin.startsWith('//') &&
    !redirectAfterLogin.startsWith(ROUTES.login);
  return {
    to: safe ? redirectAfterLogin : DEFAULT_AFTER_LOGIN,
    state: Object.keys(rest).length > 0 ? rest : null,
  };
}
