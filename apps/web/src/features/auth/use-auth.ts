import { useContext } from 'react';
import { AuthContext } from './auth-context';
import type { AuthState } from './auth-types';

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth must be used inside <AuthProvider>');
  return state;
}
