/** The not-found page and the API's own refusals. Exact texts. */
export const NOT_FOUND_MSG = {
  title: 'Lost in the AI Void',
  text: "Oops! It seems you've drifted into uncharted digital space.",
  button: 'Return to Home',
} as const;

/** Messages of the API itself, beyond the screens' messages. */
export const API_MSG = {
  notFound: 'Not found.',
  internal: 'Something went wrong on our side. Please try again.',
  /** The database or the shared cache is away for a moment (503). */
  unavailable: 'The service is briefly unavailable. Please try again in a moment.',
  unauthenticated: 'Sign-in required.',
  invalidToken: 'Your sign-in is no longer valid. Please sign in again.',
  emailNotVerified: 'Please verify your email address, then sign in again.',
  badRequest: 'The request is not valid.',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
} as const;
