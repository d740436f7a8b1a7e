/** The auth feature's public entry: what other features may use. */
export { useAuth } from './use-auth';
export type { AuthState, AuthUser } from './auth-types';
export type { LoginState } from './login-state';
