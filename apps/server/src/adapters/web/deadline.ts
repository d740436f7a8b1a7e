import { SourceFetchError } from './errors.js';

export interface Deadline {
  /** Aborted with a SourceFetchError ('timeout', or 'network' when the caller cancels). */
  signal: AbortSignal;
  dispose(): void;
}

/** One time limit over a whole fetch, which the caller's own signal can also end early. */
export function startDeadline(timeoutMs: number, outer?: AbortSignal): Deadline {
  const controller = new AbortController();
  const timer = setTimeout(() => {
    controller.abort(new SourceFetchError('timeout', `No complete answer within ${timeoutMs} ms.`));
  }, timeoutMs);
  const cancel = () => controller.abort(new SourceFetchError('network', 'The fetch was cancelled.'));
  if (outer?.aborted) cancel();
  else outer?.addEventListener('abort', cancel, { once: true });
  return {
    signal: controller.signal,
    dispose() {
      clearTimeout(timer);
      outer?.removeEventListener('abort', cancel);
    },
  };
}

/** Settles with `promise`, or rejects with the signal's reason as soon as it aborts. */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
