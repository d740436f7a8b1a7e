/** Signing in and the pages that need it. Exact texts. */
export const AUTH_MSG = {
  initializing: 'Initializing Authentication...',
  initializationError: 'Initialization Error',
  serviceNotReady: 'Authentication service not ready.',
  loginCancelled: 'Login cancelled.',
  loginFailed: (message: string) => `Login failed: ${message}`,
  logoutFailed: (message: string) => `Logout failed: ${message}`,
  failedToInitialize: 'Firebase Auth failed to initialize.',
  statusCheckError: 'Error checking authentication status.',
  configMissing: 'Firebase configuration is missing the auth key or project id.',
  tokenRetrievalFailed: 'Authentication token retrieval failed.',
  notAuthenticated: 'User not authenticated.',
  wizardAuthError: (message: string) => `Authentication error: ${message}`,
  guardLoading: 'Loading...',
} as const;
