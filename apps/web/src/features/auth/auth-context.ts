import { createContext } from 'react';
import type { AuthState } from './auth-types';

export const AuthContext = createContext<AuthState | null>(null);

/** For pages that need to know who is signed in before they show (AuthGate): asks for the SDK and its report. */
export interface AuthDemand {
  /** ready once the identity provider has reported; error when it failed to initialize. */
  state: 'loading' | 'ready' | 'error';
  load(): Promise<unknown>;
}

export const AuthDemandContext = createContext<AuthDemand | null>(null);
