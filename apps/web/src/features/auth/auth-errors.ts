import { AUTH_MSG } from '@vuxo/shared/messages';

const CANCELLED = new Set([
  'auth/popup-closed-by-user',
  'auth/cancelled-popup-request',
  'auth/user-cancelled',
]);

/** The login messages for an error from sign-in. */
export function loginErrorMessage(error: unknown): string {
  const code = (error as { code?: unknown })?.code;
  if (typeof code === 'string' && CANCELLED.has(code)) return AUTH_MSG.loginCancelled;
  return AUTH_MSG.loginFailed(error instanceof Error ? error.message : String(error));
}

/** An error carrying Firebase's code for a popup closed by the user, raised when the local chooser is closed. */
export function cancelledError(): Error & { code: string } {
  return Object.assign(new Error('The account chooser was closed.'), { code: 'auth/popup-closed-by-user' });
}
