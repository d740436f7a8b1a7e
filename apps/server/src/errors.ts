/**
 * What went wrong, as the product sees it; only the HTTP layer (http/errors.ts) turns a kind into a status.
 * - invalid: the request breaks a rule (a bad field, a file with nothing in it)
 * - unauthenticated / forbidden: no signed-in user, or one who may not do this
 * - notFound: no such thing, or not this caller's (the same answer, so ids cannot be probed)
 * - conflict: the thing changed or is in a state that forbids this now
 * - tooLarge / unsupportedType / unprocessable: a file too big, of the wrong kind, or unreadable
 * - limitReached: a plan's or a day's allowance is used up
 * - paymentDeclined: the card was refused (the message is the card network's reason)
 */
export type AppErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'notFound'
  | 'conflict'
  | 'tooLarge'
  | 'unsupportedType'
  | 'unprocessable'
  | 'limitReached'
  | 'paymentDeclined';

/** An error raised by a service or the engine: its message is safe to show, its code is for the client. */
export class AppError extends Error {
  constructor(
    readonly kind: AppErrorKind,
    message: string,
    readonly code?: string,
    /** More fields for the client's JSON reply (e.g. how many messages are left). */
    readonly details?: Record<string, unknown>,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
