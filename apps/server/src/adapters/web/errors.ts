import { SOURCE_FETCH_MSG, type SourceFetchReason } from '@vuxo/shared/messages';

export type { SourceFetchReason };
/** The owner's reason for each refusal (defined with the product's other messages). */
export const SOURCE_FETCH_MESSAGES = SOURCE_FETCH_MSG;

/** The only error the web adapter lets out; `message` may add detail (e.g. a status code) for logs. */
export class SourceFetchError extends Error {
  constructor(
    readonly reason: SourceFetchReason,
    message: string = SOURCE_FETCH_MESSAGES[reason],
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'SourceFetchError';
  }
}

/** Turns anything thrown while fetching into a SourceFetchError; an abort's own reason wins. */
export function asSourceFetchError(error: unknown, signal?: AbortSignal): SourceFetchError {
  if (error instanceof SourceFetchError) return error;
  if (signal?.aborted && signal.reason instanceof SourceFetchError) return signal.reason;
  const detail = error instanceof Error ? error.message : String(error);
  return new SourceFetchError('network', `${SOURCE_FETCH_MESSAGES.network} (${detail})`, { cause: error });
}
